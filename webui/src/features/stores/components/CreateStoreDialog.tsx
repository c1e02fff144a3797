import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError, type Store, type StoreKind } from '@/shared/api';
import { Dialog, FormAlert } from '@/shared/ui';
import { useCreateStore } from '../api/stores';
import { checkPlain, guessKind, MSG_DESCRIPTION_REQUIRED, MSG_NAME_REQUIRED } from '../lib/stores';
import { StoreKindPicker } from './StoreKindPicker';

export const CREATE_STORE_TITLE = 'Create a Food Store';

/**
 * The create-store dialog: name, description (labelled optional, yet required by the check, as
 * the spec says) and where the food is kept, guessed from the name while the user has not picked
 * one. The create button looks disabled until both texts pass; pressed anyway, it shows why.
 */
export function CreateStoreDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (store: Store) => void;
}) {
  const create = useCreateStore();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [pickedKind, setPickedKind] = useState<StoreKind | null>(null);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const kind = pickedKind ?? guessKind(name);
  const nameError = checkPlain(name, MSG_NAME_REQUIRED);
  const descriptionError = checkPlain(description, MSG_DESCRIPTION_REQUIRED);
  const valid = nameError === null && descriptionError === null;
  // A text's rule shows as soon as something is typed; an empty field's only after a try.
  const shown = (value: string, error: string | null, field: string) =>
    (value.trim() || tried ? error : null) ?? serverErrors[field] ?? null;

  const reset = () => {
    setName('');
    setDescription('');
    setPickedKind(null);
    setTried(false);
    setServerErrors({});
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!valid || create.isPending) return;
    create.mutate(
      { name: name.trim(), description: description.trim(), kind },
      {
        onSuccess: (store) => {
          reset();
          onCreated(store);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return;
          const errors = isApiError(error) ? error.errors : {};
          setServerErrors({ name: errors.name?.[0] ?? '', description: errors.description?.[0] ?? '' });
          setFailure(isApiError(error) ? error.message : 'An error Occureed');
        },
      },
    );
  };

  return (
    <Dialog opened={opened} onClose={close} title={CREATE_STORE_TITLE} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setServerErrors({});
            }}
            error={shown(name, nameError, 'name') || undefined}
            maxLength={100}
            required
            data-autofocus
          />
          <TextInput
            label="description (optional)"
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              setServerErrors({});
            }}
            error={shown(description, descriptionError, 'description') || undefined}
            maxLength={255}
          />
          <StoreKindPicker value={kind} onChange={setPickedKind} fullWidth />
          {failure && <FormAlert>{failure}</FormAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              data-disabled={valid ? undefined : true}
              aria-disabled={valid ? undefined : true}
            >
              create
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
