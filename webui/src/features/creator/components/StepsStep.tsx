import { ActionIcon, Badge, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IconChevronLeft, IconChevronRight, IconClock, IconPencil, IconPlus, IconTrash } from '@/shared/ui/icons';
import type { DraftErrors, DraftStep } from '../lib/draft';
import { uploadUrl } from './ImagePicker';
import { StepDialog } from './StepDialog';

/** Step 4, 'Add Steps': the recipe's steps, each added or edited in the step dialog. */
export function StepsStep({
  steps,
  errors,
  showErrors,
  onChange,
}: {
  steps: DraftStep[];
  errors: DraftErrors;
  showErrors: boolean;
  onChange: (steps: DraftStep[]) => void;
}) {
  // null: closed; -1: adding; n: editing step n (0-based)
  const [editing, setEditing] = useState<number | null>(null);
  const editedStep = editing !== null && editing >= 0 ? (steps[editing] ?? null) : null;

  const save = (step: DraftStep) => {
    if (editing !== null && editing >= 0) onChange(steps.map((item, index) => (index === editing ? step : item)));
    else onChange([...steps, step]);
    setEditing(null);
  };
  const move = (index: number, by: number) => {
    const target = index + by;
    if (target < 0 || target >= steps.length) return;
    const next = [...steps];
    const [item] = next.splice(index, 1);
    if (item) next.splice(target, 0, item);
    onChange(next);
  };

  return (
    <Stack gap="md">
      {steps.length === 0 ? (
        <Text c={showErrors ? 'red' : 'dimmed'} role={showErrors ? 'alert' : undefined}>
          {showErrors ? errors.steps : 'No steps yet.'}
        </Text>
      ) : (
        <Stack gap="sm" component="ol" aria-label="recipe steps" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {steps.map((step, index) => {
            const fieldErrors = errors.stepFields[index] ?? {};
            const problems = [fieldErrors.title, fieldErrors.description].filter(Boolean);
            const label = step.title.trim() || `step ${index + 1}`;
            return (
              <Paper key={step.id} component="li" withBorder radius="md" p="sm" aria-label={`step ${index + 1}`}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600}>{`${index + 1}. ${step.title.trim() || '(no title)'}`}</Text>
                    {step.description && (
                      <Text size="sm" c="dimmed" lineClamp={3} data-preview>
                        {step.description}
                      </Text>
                    )}
                    {step.timer && (
                      <Badge variant="light" leftSection={<IconClock size={12} />} w="fit-content">
                        {step.timer}
                      </Badge>
                    )}
                    {step.step_image && (
                      <Image src={uploadUrl(step.step_image)} alt={`${label} image`} w={160} radius="sm" />
                    )}
                    {problems.map((problem) => (
                      <Text key={problem} size="sm" c="red">
                        {problem}
                      </Text>
                    ))}
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`move ${label} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <IconChevronLeft size={16} style={{ transform: 'rotate(90deg)' }} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`move ${label} down`}
                      disabled={index === steps.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconChevronRight size={16} style={{ transform: 'rotate(90deg)' }} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={`edit ${label}`} onClick={() => setEditing(index)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`remove ${label}`}
                      onClick={() => onChange(steps.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing(-1)} w="fit-content">
        Add step
      </Button>
      <StepDialog
        opened={editing !== null}
        step={editedStep}
        number={editing !== null && editing >= 0 ? editing + 1 : steps.length + 1}
        onClose={() => setEditing(null)}
        onSave={save}
      />
    </Stack>
  );
}
