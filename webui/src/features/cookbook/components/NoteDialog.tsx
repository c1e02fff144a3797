import { Button, Group, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Dialog } from '@/shared/ui';
import { EMPTY_NOTE_TEXT, type Note, noteSchema, type NoteValues, sanitizeNoteBody } from '../lib/notes';

export interface NoteDialogProps {
  /** The note to show; null writes a new one. */
  note: Note | null;
  opened: boolean;
  onClose: () => void;
  onSave: (values: NoteValues) => void;
}

/** A note in view or edit mode (edit is on when creating); buttons cancel and create / update. */
export function NoteDialog({ note, opened, onClose, onSave }: NoteDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={note ? 'Note' : 'New note'} centered>
      {opened && <NoteForm note={note} onClose={onClose} onSave={onSave} />}
    </Dialog>
  );
}

function NoteForm({ note, onClose, onSave }: Omit<NoteDialogProps, 'opened'>) {
  const [editing, setEditing] = useState(note === null);
  const form = useForm<NoteValues>({
    initialValues: { title: note?.title ?? '', content: note?.content ?? '' },
    validate: zod4Resolver(noteSchema),
    validateInputOnChange: ['title'],
  });
  const submit = form.onSubmit((values) => onSave(values));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Switch label="edit" checked={editing} onChange={(event) => setEditing(event.currentTarget.checked)} />
        {editing ? (
          <>
            <TextInput label="title" autoComplete="off" {...form.getInputProps('title')} />
            <Textarea
              label="note"
              rows={8}
              value={form.values.content}
              onChange={(event) => form.setFieldValue('content', sanitizeNoteBody(event.currentTarget.value))}
            />
          </>
        ) : (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {note?.title}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} c={note?.content ? undefined : 'dimmed'}>
              {note?.content || EMPTY_NOTE_TEXT}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            cancel
          </Button>
          {editing && (
            <Button type="submit" disabled={!form.isValid()}>
              {note ? 'update' : 'create'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
