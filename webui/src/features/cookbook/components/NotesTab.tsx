import { ActionIcon, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { confirmDialog, formatDateTime } from '@/shared/ui';
import { IconPlus, IconTrash } from '@/shared/ui/icons';
import { useNotes } from '../lib/useNotes';
import { NO_NOTES_TEXT, type Note } from '../lib/notes';
import { NoteDialog } from './NoteDialog';

type Open = { note: Note | null } | null;

/** #notes: notes kept only in this browser, newest first, with the note dialog. */
export function NotesTab() {
  const { notes, create, update, remove } = useNotes();
  const [open, setOpen] = useState<Open>(null);

  const askDelete = async (note: Note) => {
    const confirmed = await confirmDialog({
      title: `Delete ${note.title}?`,
      description: 'This action cannot be undone',
      danger: true,
    });
    if (confirmed) remove(note.id);
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setOpen({ note: null })}>
          make a note
        </Button>
      </Group>
      {notes.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {NO_NOTES_TEXT}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="notes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {notes.map((note) => (
            <Card key={note.id} withBorder padding="xs" component="li" aria-label={note.title}>
              <Group wrap="nowrap" gap="sm">
                <UnstyledButton onClick={() => setOpen({ note })} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(note.date)}
                  </Text>
                  <Text fw={600}>
                    {note.title}
                  </Text>
                </UnstyledButton>
                <ActionIcon variant="subtle" color="red" aria-label={`delete ${note.title}`} onClick={() => void askDelete(note)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <NoteDialog
        note={open?.note ?? null}
        opened={open !== null}
        onClose={() => setOpen(null)}
        onSave={(values) => {
          if (open?.note) update(open.note.id, values);
          else create(values);
          setOpen(null);
        }}
      />
    </Stack>
  );
}
