import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { currentPath, renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { installShoppingServer, makeItem, makeList } from '../testData';
import { ticksKey } from '../lib/ticks';

const weekly = () =>
  makeList(7, {
    name: 'Weekly shop',
    ingredients: [
      makeItem('1', { quantity: 3 }),
      makeItem('2', { quantity: 500 }),
      makeItem('5', { quantity: 200 }),
      makeItem('CUSTOM-9', { name: 'Candles', category_id: null }),
    ],
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('/user-shopping-lists/{id}', () => {
  it('groups items by category with a Misc and a Custom group, read-only by default', async () => {
    signIn();
    installShoppingServer({ lists: [weekly()] });
    renderApp('/user-shopping-lists/7?view=readonly');
    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();
    const vegetables = await screen.findByRole('region', { name: 'Vegetables' });
    expect(within(vegetables).getByText('3 tomatoes')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Dairy' })).getByText('500 ml Milk')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Misc' })).getByText('200 g Salt')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Custom' })).getByText('1 candles')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'complete shop' })).not.toBeInTheDocument();
  });

  it('in shop mode ticks are stored under the list name; custom items cannot be ticked', async () => {
    signIn();
    installShoppingServer({ lists: [weekly()] });
    const { user, unmount } = renderApp('/user-shopping-lists/7?viewMode=shopmode');
    const tomato = await screen.findByRole('checkbox', { name: '3 tomatoes' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.queryByRole('checkbox', { name: /candles/ })).not.toBeInTheDocument();
    await user.click(tomato);
    expect(tomato).toBeChecked();
    const stored = JSON.parse(window.localStorage.getItem(ticksKey('Weekly shop')) ?? '{}') as { checked: string[] };
    expect(stored.checked).toEqual(['1']);
    unmount();

    // Opened again: the ticks are still there.
    renderApp('/user-shopping-lists/7?viewMode=shopmode');
    expect(await screen.findByRole('checkbox', { name: '3 tomatoes' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '500 ml Milk' })).not.toBeChecked();
  });

  it("drops the ticks when the list's items change", async () => {
    signIn();
    const backend = installShoppingServer({ lists: [weekly()] });
    const { user, queryClient } = renderApp('/user-shopping-lists/7?viewMode=shopmode');
    await user.click(await screen.findByRole('checkbox', { name: '3 tomatoes' }));
    expect(window.localStorage.getItem(ticksKey('Weekly shop'))).not.toBeNull();

    backend.lists.get(7)!.ingredients.push(makeItem('3'));
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByRole('checkbox', { name: '1 carrot' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '3 tomatoes' })).not.toBeChecked();
    expect(window.localStorage.getItem(ticksKey('Weekly shop'))).toBeNull();
  });

  it('the menu switches modes in the address', async () => {
    signIn();
    installShoppingServer({ lists: [weekly()] });
    const { user, router } = renderApp('/user-shopping-lists/7?view=readonly');
    await user.click(await screen.findByRole('button', { name: 'list menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'shop' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-shopping-lists/7?viewMode=shopmode'));
    expect(await screen.findByRole('button', { name: 'complete shop' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'list menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'view' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-shopping-lists/7?viewMode=readonly'));
    expect(screen.queryByRole('button', { name: 'complete shop' })).not.toBeInTheDocument();
  });

  it("an owner's menu: shop, edit, share, copy, 'report prices' disabled, delete; no report", async () => {
    signIn();
    installShoppingServer({ lists: [weekly()] });
    const { user, router } = renderApp('/user-shopping-lists/7');
    await user.click(await screen.findByRole('button', { name: 'list menu' }));
    const menu = await screen.findByRole('menu');
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['shop', 'edit', 'share', 'copy to clipboard', 'report prices', 'delete']);
    expect(within(menu).getByRole('menuitem', { name: 'report prices' })).toBeDisabled();
    await user.click(within(menu).getByRole('menuitem', { name: 'edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-shopping-lists/edit/7'));
  });

  it('share opens the share dialog; a change is sent at once and the list is fetched again', async () => {
    signIn();
    const backend = installShoppingServer({
      lists: [makeList(7, { name: 'Weekly shop', shared_with: [{ email: 'bob@example.com', canEdit: false }] })],
    });
    const { user } = renderApp('/user-shopping-lists/7');
    await user.click(await screen.findByRole('button', { name: 'list menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'share' }));
    const dialog = await screen.findByRole('dialog', { name: 'share' });
    const row = within(dialog).getByRole('listitem', { name: 'bob@example.com' });
    const fetched = backend.gets('/user-shoppinglists/7');
    await user.click(within(row).getByRole('checkbox', { name: 'Edit' }));
    expect(await screen.findByText('Sharing Updated')).toBeInTheDocument();
    expect(backend.writes()).toEqual([
      {
        method: 'PUT',
        path: '/share',
        body: { entity_id: 7, type: 'UserShoppinglist', shared_with: [{ email: 'bob@example.com', canEdit: true }] },
      },
    ]);
    await waitFor(() => expect(backend.gets('/user-shoppinglists/7')).toBeGreaterThan(fetched));
  });

  it("copies the list to the clipboard: 'Copied to Clipboard'", async () => {
    signIn();
    installShoppingServer({ lists: [weekly()] });
    const { user } = renderApp('/user-shopping-lists/7');
    await user.click(await screen.findByRole('button', { name: 'list menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'copy to clipboard' }));
    expect(await screen.findByText('Copied to Clipboard')).toBeInTheDocument();
    const text = await navigator.clipboard.readText();
    expect(text).toContain('Weekly shop');
    expect(text).toContain('- 3 tomatoes');
    expect(text).toContain('Custom:\n- 1 candles');
  });

  it("deletes after a confirmation: 'List Deleted.' and back to the lists", async () => {
    signIn();
    const backend = installShoppingServer({ lists: [weekly()] });
    const { user, router } = renderApp('/user-shopping-lists/7');
    await user.click(await screen.findByRole('button', { name: 'list menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Weekly shop?' });
    expect(within(dialog).getByText('This action cannot be undone')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('List Deleted.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-shopping-lists'));
    expect(backend.writes()).toEqual([{ method: 'DELETE', path: '/user-shoppinglists/7', body: null }]);
  });

  it('a shared list: author shown, remove instead of delete, no share; a viewer gets no complete shop', async () => {
    signIn();
    installShoppingServer({
      lists: [makeList(8, { name: 'Flat', role: 'viewer', user_id: 5, owner_name: 'bob_flat', ingredients: [makeItem('1')] })],
    });
    const { user } = renderApp('/user-shopping-lists/8?viewMode=shopmode');
    expect(await screen.findByText('author: bob_flat')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '1 tomato' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'complete shop' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'list menu' }));
    const names = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['view', 'copy to clipboard', 'report prices', 'remove']);
  });

  it('an editor of a shared list may complete the shop', async () => {
    signIn();
    installShoppingServer({
      lists: [makeList(8, { name: 'Flat', role: 'editor', user_id: 5, owner_name: 'bob_flat', ingredients: [makeItem('1')] })],
    });
    renderApp('/user-shopping-lists/8?viewMode=shopmode');
    expect(await screen.findByRole('button', { name: 'complete shop' })).toBeInTheDocument();
  });

  it('a shared list is fetched again every 30000 ms; an own unshared list is not', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signIn();
    const backend = installShoppingServer({
      lists: [
        makeList(8, { name: 'Flat', role: 'editor', user_id: 5, ingredients: [makeItem('1')] }),
        makeList(9, { name: 'Mine', ingredients: [makeItem('1')] }),
      ],
    });
    const first = renderApp('/user-shopping-lists/8');
    await screen.findByRole('heading', { name: 'Flat' });
    expect(backend.gets('/user-shoppinglists/8')).toBe(1);
    act(() => vi.advanceTimersByTime(29_000));
    expect(backend.gets('/user-shoppinglists/8')).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(backend.gets('/user-shoppinglists/8')).toBe(2));
    first.unmount();

    renderApp('/user-shopping-lists/9');
    await screen.findByRole('heading', { name: 'Mine' });
    act(() => vi.advanceTimersByTime(60_000));
    expect(backend.gets('/user-shoppinglists/9')).toBe(1);
  });

  it("while live changes arrive, a shared list is not polled, and another member's change shows at once", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signIn();
    const backend = installShoppingServer({
      lists: [makeList(8, { name: 'Flat', role: 'editor', user_id: 5, ingredients: [makeItem('1')] })],
    });
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => {};
    server.use(
      http.get(
        apiUrl('/events'),
        () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                push = (text) => controller.enqueue(encoder.encode(text));
              },
            }),
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      ),
    );
    renderApp('/user-shopping-lists/8');
    await screen.findByRole('heading', { name: 'Flat' });
    act(() => push('event: ready\ndata: {}\n\n'));
    await waitFor(() => expect(backend.gets('/user-shoppinglists/8')).toBe(2));

    const list = backend.lists.get(8);
    if (list) list.name = 'Flat share';
    act(() => push('event: change\ndata: {"type":"UserShoppinglist","id":8,"kind":"updated","origin":"x"}\n\n'));
    expect(await screen.findByRole('heading', { name: 'Flat share' })).toBeInTheDocument();
    const seen = backend.gets('/user-shoppinglists/8');
    act(() => vi.advanceTimersByTime(90_000));
    expect(backend.gets('/user-shoppinglists/8')).toBe(seen);
  });
});
