import { describe, expect, it } from 'vitest';
import { noteBodyProblem, noteSchema, noteTitle, readNotes, sanitizeNoteBody, writeNotes } from './notes';

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
  it('reads back what it wrote and ignores unreadable data', () => {
    const note = { id: 'a', title: 'Pie', content: 'Bake', date: '2025-01-01T00:00:00Z' };
    writeNotes([note]);
    expect(window.localStorage.getItem('notes')).toBe(JSON.stringify([note]));
    expect(readNotes()).toEqual([note]);
    window.localStorage.setItem('notes', '{nope');
    expect(readNotes()).toEqual([]);
    window.localStorage.setItem('notes', JSON.stringify([{ id: 1 }, note]));
    expect(readNotes()).toEqual([note]);
  });
});
