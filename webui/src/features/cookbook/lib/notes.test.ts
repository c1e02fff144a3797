import { describe, expect, it } from 'vitest';
import { type Note, noteBodyProblem, noteSchema, noteTitle, notesKey, readNotes, sanitizeNoteBody, writeNotes } from './notes';

describe('sanitizeNoteBody', () => {
  it.each([
    ['plain text stays', 'Buy 2 onions & 3 < 5 carrots', 'Buy 2 onions & 3 < 5 carrots'],
    ['tags are stripped, text kept', '<b>bold</b> and <i class="x">italic</i>', 'bold and italic'],
    ['a script block goes with its content', 'a<script>alert(1)</script>b', 'ab'],
    ['a style block goes with its content', 'a<style>body{}</style>b', 'ab'],
    ['a tag rebuilt by stripping another is stripped too', '<sc<b>ript>x', 'x'],
    ['href attributes', 'see href="https://x.example" now', 'see  now'],
    ["src attributes (single quotes, unquoted)", "img src='a.png' and src=b.png", 'img  and '],
    ['javascript: schemes', 'go javascript:alert(1)', 'go alert(1)'],
    ['an image with an event handler', 'x<img src=x onerror=alert(1)>y', 'xy'],
  ])('%s', (_label, input, output) => {
    expect(sanitizeNoteBody(input)).toBe(output);
  });

  it('a nested script trick leaves no script, and what is left cannot be saved', () => {
    const left = sanitizeNoteBody('<scr<script>ipt>alert(1)</script>');
    expect(left).not.toMatch(/<script/i);
    expect(left).not.toContain('alert');
    expect(noteBodyProblem(left)).not.toBeNull();
  });

  it('keeps an unfinished tag while it is typed (Save stays disabled for it)', () => {
    expect(sanitizeNoteBody('<b')).toBe('<b');
    expect(noteBodyProblem('<b')).toBe('markup tag');
  });
});

describe('noteBodyProblem (Save disabled)', () => {
  it.each([
    ['', 'empty'],
    ['   \n ', 'empty'],
    ['<p>hi</p>', 'markup tag'],
    ['</div', 'markup tag'],
    ['<script', 'script tag'],
    ['< script>', 'script tag'],
    ['click onclick="x()"', 'event handler attribute'],
    ['ONLOAD = run', 'event handler attribute'],
    ['javascript:void(0)', 'javascript: scheme'],
    ['JavaScript :x', 'javascript: scheme'],
  ])('%j -> %s', (body, problem) => {
    expect(noteBodyProblem(body)).toBe(problem);
  });

  it.each(['Chop onions = 2 cups', '3 < 5 and 7 > 2', 'once upon a time', 'Soak the beans overnight.'])(
    'allows %j',
    (body) => {
      expect(noteBodyProblem(body)).toBeNull();
    },
  );
});

describe('note title', () => {
  it("allows letters, digits and spaces only: 'may only contain letters, numbers and spaces'", () => {
    expect(noteSchema.safeParse({ title: 'Sunday roast 2', content: 'x' }).success).toBe(true);
    expect(noteSchema.safeParse({ title: 'Crème brûlée', content: 'x' }).success).toBe(true);
    expect(noteSchema.safeParse({ title: '', content: 'x' }).success).toBe(true);
    const result = noteSchema.safeParse({ title: 'Roast!', content: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('may only contain letters, numbers and spaces');
    expect(noteSchema.safeParse({ title: 'a_b', content: 'x' }).success).toBe(false);
  });

  it("an empty title becomes 'note {n}'", () => {
    expect(noteTitle('', 3)).toBe('note 3');
    expect(noteTitle('   ', 1)).toBe('note 1');
    expect(noteTitle(' Pie ', 1)).toBe('Pie');
  });
});

describe('storage', () => {
  const note: Note = { id: 'a', title: 'Pie', content: 'Bake', date: '2025-01-01T00:00:00Z' };

  it('keeps each account under notes:{user id}, reads back what it wrote and ignores unreadable data', () => {
    expect(notesKey(42)).toBe('notes:42');
    writeNotes(42, [note]);
    expect(window.localStorage.getItem('notes:42')).toBe(JSON.stringify([note]));
    expect(window.localStorage.getItem('notes')).toBeNull();
    expect(readNotes(42)).toEqual([note]);
    expect(readNotes(7)).toEqual([]);
    window.localStorage.setItem('notes:42', '{nope');
    expect(readNotes(42)).toEqual([]);
    window.localStorage.setItem('notes:42', JSON.stringify([{ id: 1 }, note]));
    expect(readNotes(42)).toEqual([note]);
  });

  it('reads nothing and stores nothing when nobody is signed in', () => {
    window.localStorage.setItem('notes', JSON.stringify([note]));
    expect(readNotes(null)).toEqual([]);
    writeNotes(null, [note]);
    expect(Object.keys(window.localStorage).sort()).toEqual(['notes']);
  });
});

describe('old un-keyed notes (written before notes were kept per account)', () => {
  const old: Note = { id: 'old', title: 'Old', content: 'From before', date: '2024-01-01T00:00:00Z' };
  const mine: Note = { id: 'mine', title: 'Mine', content: 'Mine', date: '2025-01-01T00:00:00Z' };

  it('go to the first account that reads its notes, and the un-keyed copy is deleted', () => {
    window.localStorage.setItem('notes', JSON.stringify([old]));
    expect(readNotes(1)).toEqual([old]);
    expect(window.localStorage.getItem('notes')).toBeNull();
    expect(window.localStorage.getItem('notes:1')).toBe(JSON.stringify([old]));
    // A later account on the same browser never sees them.
    expect(readNotes(2)).toEqual([]);
    expect(readNotes(1)).toEqual([old]);
  });

  it('are added to notes the account already has, without copying a note twice', () => {
    writeNotes(1, [mine, old]);
    window.localStorage.setItem('notes', JSON.stringify([old, { ...mine, id: 'other' }]));
    expect(readNotes(1)).toEqual([mine, old, { ...mine, id: 'other' }]);
    expect(window.localStorage.getItem('notes')).toBeNull();
  });

  it('an unreadable or empty un-keyed entry is deleted and gives nothing', () => {
    window.localStorage.setItem('notes', '{nope');
    expect(readNotes(1)).toEqual([]);
    expect(window.localStorage.getItem('notes')).toBeNull();
    expect(window.localStorage.getItem('notes:1')).toBeNull();
    window.localStorage.setItem('notes', '[]');
    expect(readNotes(1)).toEqual([]);
    expect(window.localStorage.getItem('notes')).toBeNull();
  });
});
