import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/shared/api';
import { isPlainName } from '@/shared/lib/validation';
import { FormAlert } from '@/shared/ui';
import { useCreateShoppingList } from '../api/shoppingLists';
import { TEXTS } from '../lib/messages';

/** The name check of spec part 2 §5: required; letters, numbers and spaces only. */
export function listNameError(name: string): string | null {
  if (!name.trim()) return TEXTS.nameRequired;
  if (!isPlainName(name)) return TEXTS.plainName;
  return null;
}

/**
 * The create form: a name, then Create (enabled only with a valid name) makes the list and opens
 * its editor at /user-shopping-lists/edit/{id}.
 */
export function NameListForm({ onCancel }: { onCancel?: () => void }) {
  const navigate = useNavigate();
  const create = useCreateShoppingList();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const error = listNameError(name);
  // An empty field says nothing until the user has typed or left it (the disabled button tells enough).
  const shownError = touched ? error : null;
  const serverError = isApiError(create.error) ? (create.error.errors.name?.[0] ?? create.error.message) : null;

  const submit = () => {
    if (error || create.isPending) return;
    create.mutate(
      { name: name.trim(), ingredients: [] },
      {
        onSuccess: (answer) =>
          void navigate(`/user-shopping-lists/edit/${answer.data.user_shoppinglist_id}`, { state: { created: true } }),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label="name"
          value={name}
          required
          maxLength={100}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={shownError}
          data-autofocus
        />
        {serverError && !create.isPending && <FormAlert>{serverError}</FormAlert>}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={error !== null} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
