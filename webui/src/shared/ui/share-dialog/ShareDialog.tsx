import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError, type ShareEntityType, type ShareEntry, type SharePayload, useShare } from '@/shared/api';
import { isEmail } from '@/shared/lib/validation';
import { IconTrash } from '../icons';
import { toast } from '../toast';
import { Dialog } from '../Dialog';

export const SHARE_TEXTS = {
  title: 'share',
  updated: 'Sharing Updated',
  failed: 'Error: Failed to Share',
  invalidEmail: 'Invalid email address',
} as const;

/** Only the first rows of the people an item is shared with are shown (spec part 2 §9). */
export const SHARE_ROWS_SHOWN = 6;
/** The e-mail warning shows once the text is longer than this (spec part 2 §5). */
export const SHARE_EMAIL_WARNING_AFTER = 5;

export interface ShareDialogProps {
  entityId: number;
  entityType: ShareEntityType;
  /** Everyone the item is shared with, as its owner's answer carries it. */
  sharedWith: ShareEntry[];
  opened: boolean;
  onClose: () => void;
  /** Runs after every change the server accepted: the caller refreshes its queries. */
  onChanged?: () => void;
}

/**
 * The share dialog of lists, stores and plans (spec part 2 §2 and §4 'Sharing'): the people the
 * item is shared with, each with an Edit checkbox and a remove control, and an e-mail to add.
 * Adding gives view rights (canEdit false), Edit flips canEdit, remove drops the person; each
 * change is sent at once and the rows show what the server answered.
 */
export function ShareDialog({ opened, onClose, ...body }: ShareDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={SHARE_TEXTS.title} centered>
      {/* The body mounts with each opening, so it starts from the caller's current rows. */}
      {opened && <ShareDialogBody {...body} onClose={onClose} />}
    </Dialog>
  );
}

function ShareDialogBody({
  entityId,
  entityType,
  sharedWith,
  onClose,
  onChanged,
}: Omit<ShareDialogProps, 'opened'>) {
  const share = useShare();
  const [entries, setEntries] = useState<ShareEntry[]>(sharedWith);
  const [email, setEmail] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);

  const text = email.trim();
  const valid = isEmail(text);
  const emailError =
    (text.length > SHARE_EMAIL_WARNING_AFTER && !valid ? SHARE_TEXTS.invalidEmail : null) ?? serverError;

  /** Shows `next` at once, sends the change, then shows the server's rows (or the old ones). */
  const send = (next: ShareEntry[], change: Pick<SharePayload, 'shared_with' | 'unshared_with'>, onSent?: () => void) => {
    const previous = entries;
    setEntries(next);
    share.mutate(
      { entity_id: entityId, type: entityType, ...change },
      {
        onSuccess: (answer) => {
          setEntries(answer.data.shared_with);
          onSent?.();
          toast(SHARE_TEXTS.updated, 'success');
          onChanged?.();
        },
        onError: (error) => {
          setEntries(previous);
          if (isApiError(error) && error.status === 401) return;
          // A refused address names its reason; so do one's own address (409) and the limit of share e-mails (429).
          if (isApiError(error)) {
            setServerError(error.errors.shared_with?.[0] ?? ([409, 429].includes(error.status) ? error.message : null));
          }
          toast(SHARE_TEXTS.failed, 'error');
        },
      },
    );
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || share.isPending) return;
    const entry = { email: text, canEdit: false };
    const next = entries.some((e) => e.email.toLowerCase() === text.toLowerCase()) ? entries : [...entries, entry];
    send(next, { shared_with: [entry] }, () => setEmail(''));
  };

  const toggle = (entry: ShareEntry) => {
    const flipped = { email: entry.email, canEdit: !entry.canEdit };
    send(
      entries.map((e) => (e.email === entry.email ? flipped : e)),
      { shared_with: [flipped] },
    );
  };

  const remove = (entry: ShareEntry) =>
    send(
      entries.filter((e) => e.email !== entry.email),
      { unshared_with: [{ email: entry.email, canEdit: entry.canEdit }] },
    );

  return (
    <form onSubmit={add} noValidate>
      <Stack gap="sm">
        {entries.length > 0 && (
          <Stack gap={4} role="list" aria-label="shared with">
            {entries.slice(0, SHARE_ROWS_SHOWN).map((entry) => (
              <Group key={entry.email} role="listitem" aria-label={entry.email} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
                  {entry.email}
                </Text>
                <Checkbox
                  label="Edit"
                  checked={entry.canEdit}
                  disabled={share.isPending}
                  onChange={() => toggle(entry)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`remove ${entry.email}`}
                  disabled={share.isPending}
                  onClick={() => remove(entry)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        <TextInput
          label="e-mail"
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setServerError(null);
          }}
          error={emailError}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            close
          </Button>
          <Button type="submit" disabled={!valid || share.isPending} loading={share.isPending}>
            share
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
