import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetOnline, setOnline } from '@/test/online';
import { renderApp, signIn } from '@/test/render';
import { startShoppingSync } from '../index';
import { OUTBOX_KEY, readOutbox } from '../lib/outbox';
import { installShoppingServer, makeItem, makeList, makeStore } from '../testData';

afterEach(() => resetOnline());

describe('a shop completed offline', () => {
  it("waits in the outbox ('waiting to sync') and is sent once when the network returns", async () => {
    signIn();
    const backend = installShoppingServer({
      lists: [makeList(7, { name: 'Weekly shop', ingredients: [makeItem('1'), makeItem('3')] })],
      stores: [makeStore(1, { name: 'Pantry', default: true })],
    });
    const { user, queryClient, unmount } = renderApp('/user-shopping-lists/7?viewMode=shopmode');
    const stop = startShoppingSync(queryClient);
    try {
      await user.click(await screen.findByRole('checkbox', { name: '1 tomato' }));
      // The dialog's stores were read while online.
      await waitFor(() => expect(backend.gets('/stores')).toBe(1));
      act(() => setOnline(false));
      await user.click(screen.getByRole('button', { name: 'complete shop' }));
      const dialog = await screen.findByRole('dialog', { name: 'Store Items' });
      expect(within(dialog).getByText('into Pantry')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

      const status = await screen.findByRole('status', { name: /waiting to sync/ });
      expect(status).toHaveTextContent('sent when you are back online');
      expect(backend.writes()).toEqual([]);
      expect(readOutbox()).toHaveLength(1);
      // The stored item is off the list on screen already; the other stays.
      expect(screen.queryByRole('checkbox', { name: '1 tomato' })).not.toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: '1 carrot' })).toBeInTheDocument();

      act(() => setOnline(true));
      expect(await screen.findByText('Lists and Stores Updated')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('waiting to sync')).not.toBeInTheDocument());
      expect(window.localStorage.getItem(OUTBOX_KEY)).toBeNull();
      // Another `online` and a new start send nothing more.
      act(() => setOnline(false));
      act(() => setOnline(true));
      const again = startShoppingSync(queryClient);
      again();
      await waitFor(() => expect(backend.gets('/user-shoppinglists/7')).toBeGreaterThanOrEqual(2));
      const completes = backend.writes().filter((write) => write.path === '/user-shoppinglists/7/complete');
      expect(completes).toHaveLength(1);
      expect(completes[0]!.body).toMatchObject({ checked: ['1'], store_id: 1, store_checked: true });
      expect(screen.getByRole('checkbox', { name: '1 carrot' })).toBeInTheDocument();
    } finally {
      stop();
      unmount();
    }
  });

  it('is sent at app start when it was left waiting', async () => {
    signIn();
    const backend = installShoppingServer({
      lists: [makeList(7, { ingredients: [makeItem('1')] })],
      stores: [makeStore(1, { default: true })],
    });
    window.localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify({
        abcdefgh12: {
          requestId: 'abcdefgh12',
          userId: 1,
          listId: 7,
          listName: 'List 7',
          payload: { request_id: 'abcdefgh12', checked: ['1'], store_checked: true, store_id: 1, delete_list: false },
          unchecked: [],
          queuedAt: '2025-03-01T10:00:00Z',
        },
      }),
    );
    const { queryClient, unmount } = renderApp('/user-shopping-lists');
    const stop = startShoppingSync(queryClient);
    try {
      expect(await screen.findByText('Lists and Stores Updated')).toBeInTheDocument();
      expect(backend.writes()).toEqual([
        { method: 'POST', path: '/user-shoppinglists/7/complete', body: expect.objectContaining({ request_id: 'abcdefgh12' }) },
      ]);
      expect(readOutbox()).toEqual([]);
    } finally {
      stop();
      unmount();
    }
  });
});
