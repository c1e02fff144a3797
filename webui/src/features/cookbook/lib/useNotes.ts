import { useCallback, useState } from 'react';
import { useSession } from '@/shared/session';
import { newNoteId, type Note, noteTitle, type NoteValues, readNotes, writeNotes } from './notes';

const newestFirst = (notes: Note[]) => [...notes].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));

/**
 * The signed-in account's notes in this browser (localStorage `notes:{user id}`), newest first,
 * with create / update / remove. When another account signs in (e.g. in another tab) the list
 * is read again for it.
 */
export function useNotes() {
  const userId = useSession().user?.id ?? null;
  const [state, setState] = useState(() => ({ userId, notes: newestFirst(readNotes(userId)) }));
  if (state.userId !== userId) setState({ userId, notes: newestFirst(readNotes(userId)) });
  const notes = state.userId === userId ? state.notes : [];

  const change = useCallback(
    (next: (current: Note[]) => Note[]) => {
      setState((current) => {
        if (current.userId !== userId) return current;
        const updated = newestFirst(next(current.notes));
        writeNotes(userId, updated);
        return { userId, notes: updated };
      });
    },
    [userId],
  );

  const create = useCallback(
    (values: NoteValues) =>
      change((current) => [
        ...current,
        {
          id: newNoteId(),
          title: noteTitle(values.title, current.length + 1),
          content: values.content,
          date: new Date().toISOString(),
        },
      ]),
    [change],
  );

  const update = useCallback(
    (id: string, values: NoteValues) =>
      change((current) =>
        current.map((note, index) =>
          note.id === id
            ? {
                ...note,
                title: noteTitle(values.title, current.length - index),
                content: values.content,
                date: new Date().toISOString(),
              }
            : note,
        ),
      ),
    [change],
  );

  const remove = useCallback((id: string) => change((current) => current.filter((note) => note.id !== id)), [change]);

  return { notes, create, update, remove };
}
