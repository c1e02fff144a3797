import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { DELETE_DELAY_MS } from '../lib/messages';
import { OUTBOX_KEY } from '../lib/outbox';
import { ticksKey } from '../lib/ticks';
import { installShoppingServer, makeItem, makeList, makeStore } from '../testData';

const weekly = () =>
  makeList(7, {
    name: 'Weekly shop',
    ingredients: [makeItem('1'), makeItem('2'), makeItem('3'), makeItem('CUSTOM-9', { name: 'Candles' })],
  });

/** Opens the list in shop mode, ticks `ticked` and opens 'Store Items'. */
async function openDialog(ticked: string[], options: Parameters<typeof installShoppingServer>[0]) {
  signIn();
  const backend = installShoppingServer(options);
  const app = renderApp('/user-shopping-lists/7?viewMode=shopmode');
  for (const name of ticked) await app.user.click(await screen.findByRole('checkbox', { name }));
  await app.user.click(await screen.findByRole('button', { name: 'complete shop' }));
  const dialog = await screen.findByRole('dialog', { name: 'Store Items' });
  return { ...app, backend, dialog };
}

const completes = (backend: ReturnType<typeof installShoppingServer>) =>
  backend.writes().filter((write) => write.path.endsWith('/complete'));

describe("'Store Items'", () => {
  it('offers delete, store checked (on, with a count) and move unchecked (with a count)', async () => {
    const { dialog } = await openDialog(['1 tomato'], {
      lists: [weekly()],
      stores: [makeStore(1, { name: 'Pantry', default: true })],
    });
    expect(within(dialog).getByRole('checkbox', { name: 'delete this list' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'store checked items (1)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'move unchecked items (3)' })).not.toBeChecked();
    // One store: used as it is, no selector.
    expect(within(dialog).getByText('into Pantry')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'store' })).not.toBeInTheDocument();
  });

  it("stores the checked items into the only store: one POST /complete with a fresh request id, 'Lists and Stores Updated'", async () => {
    const { user, dialog, backend } = await openDialog(['1 tomato', '1 carrot'], {
      lists: [weekly()],
      stores: [makeStore(1, { name: 'Pantry' })],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Lists and Stores Updated')).toBeInTheDocument();
    const sent = completes(backend);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      request_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      checked: ['1', '3'],
      store_checked: true,
      store_id: 1,
      move_unchecked_to: null,
      delete_list: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The stored items left the list; the ticks went with them.
    expect(await screen.findByRole('checkbox', { name: '1 ml Milk' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: '1 tomato' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(ticksKey('Weekly shop'))).toBeNull();
    expect(window.localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('with several stores shows a selector with the default store preselected', async () => {
    const { user, dialog, backend } = await openDialog(['1 tomato'], {
      lists: [weekly()],
      stores: [
        makeStore(1, { name: 'Pantry' }),
        makeStore(2, { name: 'Fridge', default: true }),
        makeStore(3, { name: 'Their freezer', role: 'viewer' }),
        makeStore(4, { name: 'Shared freezer', role: 'editor' }),
      ],
    });
    const select = within(dialog).getByRole('combobox', { name: 'store' });
    expect(select).toHaveValue('Fridge');
    await user.click(select);
    const options = within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // Only stores the user may write to.
    expect(options).toEqual(['Pantry', 'Fridge', 'Shared freezer']);
    await user.click(within(dialog).getByRole('option', { name: 'Shared freezer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(completes(backend)).toHaveLength(1));
    expect(completes(backend)[0]!.body).toMatchObject({ store_id: 4, checked: ['1'] });
  });

  it('without a default store among several, Confirm waits for a choice', async () => {
    const { user, dialog } = await openDialog(['1 tomato'], {
      lists: [weekly()],
      stores: [makeStore(1, { name: 'Pantry' }), makeStore(2, { name: 'Fridge' })],
    });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    // Not storing: nothing to choose.
    await user.click(within(dialog).getByRole('checkbox', { name: 'store checked items (1)' }));
    expect(confirm).toBeEnabled();
  });

  it('moves the unchecked items to another list chosen from a selector', async () => {
    const { user, dialog, backend } = await openDialog(['1 tomato'], {
      lists: [
        weekly(),
        makeList(8, { name: 'Next week' }),
        makeList(9, { name: 'Not mine', role: 'viewer', user_id: 4 }),
      ],
      stores: [makeStore(1, { name: 'Pantry', default: true })],
    });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'move unchecked items (3)' }));
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'move to list' }));
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Next week']);
    await user.click(within(dialog).getByRole('option', { name: 'Next week' }));
    await user.click(confirm);
    expect(await screen.findByText('Lists and Stores Updated')).toBeInTheDocument();
    expect(completes(backend)[0]!.body).toMatchObject({
      checked: ['1'],
      store_checked: true,
      store_id: 1,
      move_unchecked_to: 8,
      delete_list: false,
    });
  });

  it("with 'delete this list': 'List Deleted', then after 800 ms to /user-shopping-lists", async () => {
    const { user, dialog, backend, router } = await openDialog(['1 tomato'], {
      lists: [weekly()],
      stores: [makeStore(1, { default: true })],
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'delete this list' }));
    // The wait is asked of the timers, not measured against the clock (a busy machine stretches it).
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('List Deleted')).toBeInTheDocument();
    expect(screen.getByText('Lists and Stores Updated')).toBeInTheDocument();
    expect(completes(backend)[0]!.body).toMatchObject({ delete_list: true });
    expect(router.state.location.pathname).toBe('/user-shopping-lists/7');
    expect(timers).toHaveBeenCalledWith(expect.any(Function), DELETE_DELAY_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-shopping-lists'));
    timers.mockRestore();
    // The list is gone and was never fetched again after its deletion.
    expect(backend.gets('/user-shoppinglists/7')).toBe(1);
  });

  it("a refusal: 'An Error has occurred :(' and nothing kept to send again", async () => {
    const { user, dialog } = await openDialog(['1 tomato'], {
      lists: [weekly()],
      stores: [makeStore(1, { default: true })],
    });
    server.use(
      http.post(apiUrl('/user-shoppinglists/7/complete'), () =>
        HttpResponse.json({ message: 'Choose a store for the checked items.' }, { status: 422 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('An Error has occurred :(')).toBeInTheDocument();
    expect(window.localStorage.getItem(OUTBOX_KEY)).toBeNull();
    expect(screen.queryByText('waiting to sync')).not.toBeInTheDocument();
  });

  it('the owner only is offered to delete the list', async () => {
    const { dialog } = await openDialog([], {
      lists: [makeList(7, { role: 'editor', user_id: 3, ingredients: [makeItem('1')] })],
      stores: [makeStore(1, { default: true })],
    });
    expect(within(dialog).queryByRole('checkbox', { name: 'delete this list' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'store checked items (0)' })).toBeChecked();
  });
});
