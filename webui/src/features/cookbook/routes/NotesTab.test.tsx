import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/shared/ui';
import type { User } from '@/shared/session';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';
import type { Note } from '../lib/notes';

function start(notes?: Note[], account: User = testUser) {
  signIn(account);
  server.use(http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])));
  if (notes) window.localStorage.setItem(`notes:${account.id}`, JSON.stringify(notes));
  return renderApp('/user-recipes#notes');
}

const stored = (userId: number = testUser.id): Note[] =>
  JSON.parse(window.localStorage.getItem(`notes:${userId}`) ?? '[]') as Note[];

const bob: User = { ...testUser, id: 2, name: 'bob_bakes', email: 'bob@example.com' };

describe('#notes', () => {
  it("creates notes: edit is on, Save needs a body, an empty title becomes 'note {n}'", async () => {
    const { user } = start();
    expect(await screen.findByText('zip.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'make a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    expect(within(dialog).getByRole('switch', { name: 'edit' })).toBeChecked();
    const create = within(dialog).getByRole('button', { name: 'create' });
    expect(create).toBeDisabled();
    await fill(user, within(dialog).getByLabelText('note'), 'Soak the beans');
    expect(create).toBeEnabled();
    await user.click(create);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'make a note' }));
    const second = await screen.findByRole('dialog', { name: 'New note' });
    await fill(user, within(second).getByLabelText('title'), 'Pie crust 2');
    await fill(user, within(second).getByLabelText('note'), 'Cold butter');
    await user.click(within(second).getByRole('button', { name: 'create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'make a note' }));
    const third = await screen.findByRole('dialog', { name: 'New note' });
    await fill(user, within(third).getByLabelText('note'), 'Third');
    await user.click(within(third).getByRole('button', { name: 'create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const notes = stored();
    expect(notes.map((note) => [note.title, note.content]).sort()).toEqual([
      ['Pie crust 2', 'Cold butter'],
      ['note 1', 'Soak the beans'],
      ['note 3', 'Third'],
    ]);
    const list = screen.getByRole('list', { name: 'notes' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const first = notes.find((note) => note.title === 'note 1') as Note;
    expect(within(list).getByRole('listitem', { name: 'note 1' })).toHaveTextContent(formatDateTime(first.date));
  });

  it("rejects a title with other characters: 'may only contain letters, numbers and spaces'", async () => {
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'make a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    await fill(user, within(dialog).getByLabelText('note'), 'Body');
    await user.type(within(dialog).getByLabelText('title'), 'Roast!');
    expect(await within(dialog).findByText('may only contain letters, numbers and spaces')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'create' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('title'), '{Backspace}');
    await waitFor(() => expect(within(dialog).queryByText('may only contain letters, numbers and spaces')).not.toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: 'create' })).toBeEnabled();
  });

  it('strips markup, href/src attributes and script schemes from the body while typing', async () => {
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'make a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    const body = within(dialog).getByLabelText('note');
    await user.type(body, '<b>Bold</b> javascript:go');
    expect(body).toHaveValue('Bold go');
    await fill(user, body, 'see <a href="https://x.example">this</a> and src=pic.png');
    expect(body).toHaveValue('see this and ');
    await fill(user, body, 'a<script>alert(1)</script>b');
    expect(body).toHaveValue('ab');
  });

  it.each([
    ['an unfinished tag', '<b'],
    ['an event handler attribute', 'pic onerror=x'],
    ['only spaces', '   '],
  ])('keeps create disabled with %s in the body', async (_label, text) => {
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'make a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    await fill(user, within(dialog).getByLabelText('note'), text);
    expect(within(dialog).getByLabelText('note')).toHaveValue(text);
    expect(within(dialog).getByRole('button', { name: 'create' })).toBeDisabled();
  });

  it('opens a note in view mode; the edit toggle allows an update', async () => {
    const note: Note = { id: 'n1', title: 'Stock', content: 'Bones and water', date: '2025-05-01T09:00:00Z' };
    const { user } = start([note]);
    await user.click(await screen.findByText('Stock'));
    const dialog = await screen.findByRole('dialog', { name: 'Note' });
    expect(within(dialog).getByRole('switch', { name: 'edit' })).not.toBeChecked();
    expect(dialog).toHaveTextContent('Bones and water');
    expect(within(dialog).queryByLabelText('note')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'edit' }));
    await fill(user, within(dialog).getByLabelText('note'), 'Bones, onion and water');
    await user.click(within(dialog).getByRole('button', { name: 'update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stored()).toEqual([expect.objectContaining({ id: 'n1', title: 'Stock', content: 'Bones, onion and water' })]);
  });

  it("an empty note reads 'nothing here yet ...'; cancel keeps everything", async () => {
    const note: Note = { id: 'n1', title: 'Blank', content: '', date: '2025-05-01T09:00:00Z' };
    const { user } = start([note]);
    await user.click(await screen.findByText('Blank'));
    const dialog = await screen.findByRole('dialog', { name: 'Note' });
    expect(within(dialog).getByText('nothing here yet ...')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stored()).toEqual([note]);
  });

  it('lists newest first and deletes after the confirm', async () => {
    const old: Note = { id: 'a', title: 'Old', content: 'x', date: '2025-01-01T09:00:00Z' };
    const recent: Note = { id: 'b', title: 'Recent', content: 'y', date: '2025-06-01T09:00:00Z' };
    const { user } = start([old, recent]);
    const list = await screen.findByRole('list', { name: 'notes' });
    expect(within(list).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual(['Recent', 'Old']);
    await user.click(screen.getByRole('button', { name: 'delete Old' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Old?' });
    expect(dialog).toHaveTextContent('This action cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Old' })).not.toBeInTheDocument());
    expect(stored()).toEqual([recent]);
  });

  it('keeps notes per account: a log out keeps them, another account on the browser sees only its own', async () => {
    // Alice writes a note, then logs out through the menu.
    const alice = start();
    await alice.user.click(await screen.findByRole('button', { name: 'make a note' }));
    let dialog = await screen.findByRole('dialog', { name: 'New note' });
    await fill(alice.user, within(dialog).getByLabelText('title'), 'Alice soup');
    await fill(alice.user, within(dialog).getByLabelText('note'), 'Leeks');
    await alice.user.click(within(dialog).getByRole('button', { name: 'create' }));
    expect(await screen.findByRole('listitem', { name: 'Alice soup' })).toBeInTheDocument();
    await alice.user.click(screen.getByRole('button', { name: 'Open menu' }));
    await alice.user.click(await screen.findByRole('button', { name: 'log out' }));
    await waitFor(() => expect(currentPath(alice.router)).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(stored(testUser.id)).toEqual([expect.objectContaining({ title: 'Alice soup', content: 'Leeks' })]);
    alice.unmount();

    // Bob signs in on the same browser: an empty list; he writes his own.
    const bobs = start(undefined, bob);
    expect(await screen.findByText('zip.')).toBeInTheDocument();
    expect(screen.queryByText('Alice soup')).not.toBeInTheDocument();
    await bobs.user.click(screen.getByRole('button', { name: 'make a note' }));
    dialog = await screen.findByRole('dialog', { name: 'New note' });
    await fill(bobs.user, within(dialog).getByLabelText('title'), 'Bob bread');
    await fill(bobs.user, within(dialog).getByLabelText('note'), 'Rye');
    await bobs.user.click(within(dialog).getByRole('button', { name: 'create' }));
    expect(await screen.findByRole('listitem', { name: 'Bob bread' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await bobs.user.click(screen.getByRole('button', { name: 'Open menu' }));
    await bobs.user.click(await screen.findByRole('button', { name: 'log out' }));
    await waitFor(() => expect(currentPath(bobs.router)).toBe('/login'));
    bobs.unmount();

    // Alice signs in again: only her note.
    start();
    const list = await screen.findByRole('list', { name: 'notes' });
    expect(within(list).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual(['Alice soup']);
    expect(stored(testUser.id)).toHaveLength(1);
    expect(stored(bob.id)).toEqual([expect.objectContaining({ title: 'Bob bread', content: 'Rye' })]);
  });

  it('shows the list again for the new account when another account signs in while the tab is open', async () => {
    window.localStorage.setItem(`notes:${bob.id}`, JSON.stringify([{ id: 'b', title: 'Bob only', content: 'x', date: '2025-06-01T09:00:00Z' }]));
    start([{ id: 'a', title: 'Alice only', content: 'x', date: '2025-06-01T09:00:00Z' }]);
    expect(await screen.findByRole('listitem', { name: 'Alice only' })).toBeInTheDocument();
    // Another tab signs in as Bob (same browser storage).
    act(() => {
      window.localStorage.setItem('user', JSON.stringify(bob));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(await screen.findByRole('listitem', { name: 'Bob only' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Alice only' })).not.toBeInTheDocument();
  });

  it("gives the old un-keyed notes to the first account that opens its notes, and to no one else", async () => {
    const old: Note = { id: 'o', title: 'From before', content: 'x', date: '2024-06-01T09:00:00Z' };
    window.localStorage.setItem('notes', JSON.stringify([old]));
    const first = start(undefined, bob);
    expect(await screen.findByRole('listitem', { name: 'From before' })).toBeInTheDocument();
    expect(window.localStorage.getItem('notes')).toBeNull();
    expect(stored(bob.id)).toEqual([old]);
    first.unmount();

    start();
    expect(await screen.findByText('zip.')).toBeInTheDocument();
    expect(screen.queryByText('From before')).not.toBeInTheDocument();
  });
});
