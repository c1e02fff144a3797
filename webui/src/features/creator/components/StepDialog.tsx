import { Button, Group, Stack, Tabs, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '@/shared/ui';
import { DESCRIPTION_MAX, NAME_MAX, newStepId, validateStep, type DraftStep, type StepFieldErrors } from '../lib/draft';
import { composeTimer, splitTimer, timerFieldsError, type TimerFields as Fields } from '../lib/timer';
import { ImagePicker } from './ImagePicker';
import { TimerFields } from './TimerFields';

type Tab = 'required' | 'additional';

/**
 * Adds or edits one step in a dialog with the tabs 'required' (title, description) and
 * 'additional' (an optional image and the timer).
 */
export function StepDialog({
  opened,
  step,
  number,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** The step being edited; null adds a new one. */
  step: DraftStep | null;
  /** Its number in the recipe (from 1). */
  number: number;
  onClose: () => void;
  onSave: (step: DraftStep) => void;
}) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={step ? `Edit step ${number}` : `Add step ${number}`}
      size="lg"
      centered
    >
      {opened && <StepForm step={step} number={number} onCancel={onClose} onSave={onSave} />}
    </Dialog>
  );
}

function StepForm({
  step,
  number,
  onCancel,
  onSave,
}: {
  step: DraftStep | null;
  number: number;
  onCancel: () => void;
  onSave: (step: DraftStep) => void;
}) {
  const [tab, setTab] = useState<Tab>('required');
  const [title, setTitle] = useState(step?.title ?? '');
  const [description, setDescription] = useState(step?.description ?? '');
  const [image, setImage] = useState<string | null>(step?.step_image ?? null);
  const [timer, setTimer] = useState<Fields>(() => splitTimer(step?.timer));
  const [errors, setErrors] = useState<StepFieldErrors>({});
  const [timerError, setTimerError] = useState<string | null>(null);

  const save = () => {
    const fieldErrors = validateStep({ title, description }, number);
    const rangeError = timerFieldsError(timer);
    setErrors(fieldErrors);
    setTimerError(rangeError);
    if (fieldErrors.title || fieldErrors.description) {
      setTab('required');
      return;
    }
    if (rangeError) {
      setTab('additional');
      return;
    }
    onSave({
      id: step?.id ?? newStepId(),
      title: title.trim(),
      description: description.trim(),
      timer: composeTimer(timer),
      step_image: image,
    });
  };

  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'additional' ? 'additional' : 'required')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="required">required</Tabs.Tab>
          <Tabs.Tab value="additional">additional</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="required" pt="md">
          <Stack gap="sm">
            <TextInput
              label="Title"
              required
              maxLength={NAME_MAX}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={errors.title}
              data-autofocus
            />
            <Textarea
              label="Description"
              required
              rows={4}
              resize="vertical"
              maxLength={DESCRIPTION_MAX}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={errors.description}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="additional" pt="md">
          <Stack gap="md">
            <ImagePicker label="step image" value={image} onChange={setImage} />
            <TimerFields
              value={timer}
              onChange={(value) => {
                setTimer(value);
                setTimerError(null);
              }}
              error={timerError}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={save}>Save step</Button>
      </Group>
    </Stack>
  );
}
