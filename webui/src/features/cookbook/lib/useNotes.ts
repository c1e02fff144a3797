import { useCallback, useState } from 'react';
import { newNoteId, type Note, noteTitle, type NoteValues, readNotes, writeNotes } from './notes';

const newestFirst = (notes: Note[]) => [...notes].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));

/** The browser's notes (localStorage), newest first, with create / update / remove. */
export function useNotes() {
  const [notes, setNotes] = useState<Note[]>(() => newestFirst(readNotes()));

  const change = useCallback((next: (current: Note[]) => Note[]) => {
    setNotes((current) => {
      const updated = newestFirst(next(current));
      writeNotes(updated);
      return updated;
    });
  }, []);

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
