import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError, useSavePreferencesMutation } from '@/shared/api';
import { Dialog, type FilterPreference, FormAlert, PreferenceFilters, toast } from '@/shared/ui';
import { UNKNOWN_ERROR } from './messages';

export const PREFERENCES_DIALOG_TITLE = 'Filter preferences';
export const PREFERENCES_SAVED = 'Preferences saved.';

export interface PreferencesDialogProps {
  opened: boolean;
  onClose: () => void;
  current: FilterPreference[];
}

/** The five preference filters of the account, saved with PUT /account/preferences. */
export function PreferencesDialog({ opened, onClose, current }: PreferencesDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={PREFERENCES_DIALOG_TITLE} centered>
      {opened && <PreferencesForm current={current} onDone={onClose} />}
    </Dialog>
  );
}

function PreferencesForm({ current, onDone }: { current: FilterPreference[]; onDone: () => void }) {
  const [value, setValue] = useState<FilterPreference[]>(current);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePreferencesMutation();

  const submit = () => {
    setError(null);
    save.mutate(value, {
      onSuccess: ({ message }) => {
        toast(message || PREFERENCES_SAVED, 'success');
        onDone();
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.status === 401) return;
        setError(isApiError(failure) ? (failure.firstFieldError() ?? failure.message) : UNKNOWN_ERROR);
      },
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Recipes are filtered by these preferences. Leave them all unticked to see everything.
      </Text>
      <PreferenceFilters value={value} onChange={setValue} disabled={save.isPending} label="Show me recipes that are" />
      <FormAlert>{error}</FormAlert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save preferences
        </Button>
      </Group>
    </Stack>
  );
}
