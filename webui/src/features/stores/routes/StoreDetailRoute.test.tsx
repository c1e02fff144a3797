import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDay, localDay } from '@/shared/lib/dates';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { MANAGE_TITLE } from '../components/ManageItemsDialog';
import { ITEM_SAVE_DELAY_MS } from '../lib/useItemEdits';
import { fakeStoresServer, makeItem, makeList, makeStore } from '../testData';

type User = ReturnType<typeof renderApp>['user'];

const pantry = () =>
  makeStore(1, {
    name: 'Pantry',
    default: true,
    expiring: 1,
    expired: 1,
    items: [
      makeItem(1, { name: 'Milk', value: '11', category_id: 1, quantity: 2, unit: 'l', expiry_date: '2025-03-09', freshness: 'expired' }),
      makeItem(2, { name: 'Carrot', value: '12', category_id: 2, quantity: 3, unit: 'unit', expiry_date: '2025-03-20', freshness: 'expiring' }),
      makeItem(3, { name: 'Cheese', value: '13', category_id: 1, quantity: 0.5, unit: 'kg', expiry_date: '2025-04-01' }),
      makeItem(4, { name: 'Grandma jam', value: 'CUSTOM-x1', quantity: 1, unit: 'unit', expiry_date: '2025-05-01' }),
    ],
  });

async function openMenu(user: User, title: string) {
  await user.click(await screen.findByRole('button', { name: `actions for ${title}` }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

describe('/user-stores/{id}', () => {
  it("titles the default store with ' - (default)' and groups items by category with counts, quantities and expiry labels", async () => {
    signIn();
    fakeStoresServer([pantry()]);
    renderApp('/user-stores/1');
    expect(await screen.findByRole('heading', { name: 'Pantry - (default)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('region').map((group) => group.getAttribute('aria-label'))).toEqual([
        'Dairy',
        'Vegetables',
        'Custom',
      ]),
    );
    const dairy = screen.getByRole('region', { name: 'Dairy' });
    expect(within(dairy).getByLabelText('2 items')).toHaveTextContent('2');
    const cheese = within(dairy).getByRole('listitem', { name: 'Cheese' });
    expect(within(cheese).getByTestId('item-quantity')).toHaveTextContent('½ kg');
    expect(within(cheese).getByTestId('item-expiry')).toHaveTextContent('expires - 01/04/2025');
    const milk = within(dairy).getByRole('listitem', { name: 'Milk' });
    expect(within(milk).getByTestId('item-quantity')).toHaveTextContent('2 l');
    expect(within(milk).getByTestId('item-expiry')).toHaveTextContent('expired - 09/03/2025');
    const carrot = screen.getByRole('listitem', { name: 'Carrot' });
    expect(within(carrot).getByTestId('item-quantity')).toHaveTextContent(/^3$/);
    expect(within(carrot).getByTestId('item-expiry')).toHaveTextContent('expires - 20/03/2025');
    expect(screen.getByLabelText('store badges')).toHaveTextContent('In plan (0)Expiring (1)Expired (1)');
  });

  it('a store that is not the default has no suffix; an unknown one says so', async () => {
    signIn();
    fakeStoresServer([makeStore(2, { name: 'Fridge' })]);
    const first = renderApp('/user-stores/2');
    expect(await screen.findByRole('heading', { name: 'Fridge' })).toBeInTheDocument();
    expect(screen.getByText('Nothing in this store yet.')).toBeInTheDocument();
    first.unmount();
    renderApp('/user-stores/77');
    expect(await screen.findByText('Store not found.')).toBeInTheDocument();
  });

  it('adds a catalogue item and a custom item through the search', async () => {
    signIn();
    const state = fakeStoresServer([makeStore(2, { name: 'Fridge' })]);
    const { user } = renderApp('/user-stores/2');
    const search = await screen.findByRole('textbox', { name: 'add to store' });
    await user.type(search, 'mil');
    await user.click(await screen.findByRole('option', { name: 'Milk' }));
    expect(await screen.findByText('Store updated')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Milk' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Dairy' })).toBeInTheDocument();

    await user.type(search, 'Saffron');
    await user.click(await screen.findByRole('button', { name: 'create custom item' }));
    expect(await screen.findByRole('listitem', { name: 'Saffron' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Custom' })).toBeInTheDocument();
    expect(state.calls.map((call) => call.body)).toEqual([{ items: [{ value: 11 }] }, { items: [{ name: 'Saffron' }] }]);
  });

  it("saves item edits 500 ms after the last change, in one PUT of the changed items, then 'N ingredients in {store} updated successfully'", async () => {
    signIn();
    const state = fakeStoresServer([pantry()]);
    const arrived: number[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT') arrived.push(performance.now());
    });
    // When the last change was typed (an input event runs the field's onChange synchronously).
    let last = 0;
    const typed = () => {
      last = performance.now();
    };
    document.addEventListener('input', typed, true);
    const { user } = renderApp('/user-stores/1');
    await user.click(await screen.findByRole('button', { name: 'edit Cheese' }));
    await user.click(screen.getByRole('button', { name: 'edit Carrot' }));
    const cheese = screen.getByRole('listitem', { name: 'Cheese' });
    const carrot = screen.getByRole('listitem', { name: 'Carrot' });
    await fill(user, within(cheese).getByRole('textbox', { name: 'quantity' }), '3');
    await fill(user, within(carrot).getByRole('textbox', { name: 'expiry days' }), '9');
    expect(state.calls).toEqual([]);
    expect(await screen.findByText('2 ingredients in Pantry updated successfully')).toBeInTheDocument();
    expect(arrived).toHaveLength(1);
    expect(arrived[0]! - last).toBeGreaterThanOrEqual(ITEM_SAVE_DELAY_MS - 2);
    document.removeEventListener('input', typed, true);
    expect(state.calls).toEqual([
      {
        method: 'PUT',
        path: '/stores/1',
        // With the version of the store the edits were made on (a stale edit of an item is refused).
        body: { items: [{ id: 3, quantity: 3 }, { id: 2, estimated_expiry_days: 9 }], updated_at: pantry().updated_at },
      },
    ]);
    await waitFor(() => expect(within(cheese).getByTestId('item-quantity')).toHaveTextContent('3 kg'));
    // The rows say what was saved, after the toast is gone, until they are changed again.
    expect(within(cheese).getByRole('status')).toHaveTextContent('saved');
    expect(within(carrot).getByRole('status')).toHaveTextContent('saved');
    await fill(user, within(cheese).getByRole('textbox', { name: 'quantity' }), '4');
    expect(within(cheese).queryByRole('status')).not.toBeInTheDocument();
    expect(within(carrot).getByRole('status')).toHaveTextContent('saved');
    server.events.removeAllListeners();
  });

  it("a quantity under 1 is refused on the spot and not sent; a failed save says 'error updating {name}'", async () => {
    signIn();
    const state = fakeStoresServer([pantry()]);
    const { user } = renderApp('/user-stores/1');
    await user.click(await screen.findByRole('button', { name: 'edit Milk' }));
    const milk = screen.getByRole('listitem', { name: 'Milk' });
    await fill(user, within(milk).getByRole('textbox', { name: 'quantity' }), '0');
    expect(within(milk).getByText('The quantity must be at least 1.')).toBeInTheDocument();

    const refused: unknown[] = [];
    server.use(
      http.put(apiUrl('/stores/1'), async ({ request }) => {
        refused.push(await request.json());
        return HttpResponse.json({ message: 'No.' }, { status: 422 });
      }),
    );
    const added = within(milk).getByRole('textbox', { name: 'date added' });
    expect(added).toHaveValue(formatDay(localDay(new Date('2025-03-01T12:00:00Z'))));
    await fill(user, added, '31/02/2025');
    expect(within(milk).getByText('Write the date as DD/MM/YYYY')).toBeInTheDocument();
    await fill(user, added, '02/03/2025');
    expect(await screen.findByText('error updating Pantry')).toBeInTheDocument();
    expect(refused).toEqual([{ items: [{ id: 1, date_added: '2025-03-02T12:00:00' }], updated_at: pantry().updated_at }]);
    expect(state.calls).toEqual([]);
  });

  it('without edit rights, or in the read-only view, shows no search, no item controls and no manage button', async () => {
    signIn();
    fakeStoresServer([pantry(), makeStore(5, { name: 'Theirs', role: 'viewer', user_id: 9, items: [makeItem(9, { name: 'Rice' })] })]);
    const first = renderApp('/user-stores/5');
    expect(await screen.findByRole('listitem', { name: 'Rice' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'add to store' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'edit Rice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'manage items' })).not.toBeInTheDocument();
    first.unmount();

    renderApp('/user-stores/1?view=readonly');
    expect(await screen.findByRole('listitem', { name: 'Milk' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'add to store' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'edit Milk' })).not.toBeInTheDocument();
    expect(screen.getByText('read only')).toBeInTheDocument();
  });
});

describe('store menu', () => {
  it.each([
    ['the own default store', { default: true }, 'Mine - (default)', ['view', 'edit', 'share']],
    ['an own store', {}, 'Mine', ['delete', 'view', 'edit', 'share', 'set default']],
    ['a store shared with edit rights', { role: 'editor' as const }, 'Mine', ['remove', 'view', 'edit', 'set default']],
    ['a store shared to view', { role: 'viewer' as const }, 'Mine', ['remove', 'view']],
  ])('for %s', async (_label, overrides, title, entries) => {
    signIn();
    fakeStoresServer([makeStore(3, { name: 'Mine', ...overrides })]);
    const { user } = renderApp('/user-stores/3');
    expect(await openMenu(user, title)).toEqual(entries);
  });

  it('share (owner): the share dialog adds an e-mail at once; opened again it shows the refreshed store', async () => {
    signIn();
    const state = fakeStoresServer([makeStore(2, { name: 'Fridge' })]);
    const { user } = renderApp('/user-stores/2');
    await openMenu(user, 'Fridge');
    await user.click(screen.getByRole('menuitem', { name: 'share' }));
    const dialog = await screen.findByRole('dialog', { name: 'share' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'e-mail' }), 'bob@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'share' }));
    expect(await screen.findByText('Sharing Updated')).toBeInTheDocument();
    expect(state.calls).toEqual([
      {
        method: 'PUT',
        path: '/share',
        body: { entity_id: 2, type: 'UserFoodStore', shared_with: [{ email: 'bob@example.com', canEdit: false }] },
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'share' })).not.toBeInTheDocument());
    await openMenu(user, 'Fridge');
    await user.click(screen.getByRole('menuitem', { name: 'share' }));
    const again = await screen.findByRole('dialog', { name: 'share' });
    expect(within(again).getByRole('listitem', { name: 'bob@example.com' })).toBeInTheDocument();
  });

  it("set default: PUT /share/default, '{name} set to default', the title follows", async () => {
    signIn();
    const state = fakeStoresServer([makeStore(1, { name: 'Pantry', default: true }), makeStore(2, { name: 'Fridge' })]);
    const { user } = renderApp('/user-stores/2');
    await openMenu(user, 'Fridge');
    await user.click(screen.getByRole('menuitem', { name: 'set default' }));
    expect(await screen.findByText('Fridge set to default')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fridge - (default)' })).toBeInTheDocument();
    expect(state.calls).toEqual([
      { method: 'PUT', path: '/share/default', body: { entity_id: 2, entity_type: 'UserFoodStore' } },
    ]);
  });

  it("set default or remove failing says 'An error Occureed'", async () => {
    signIn();
    fakeStoresServer([makeStore(2, { name: 'Fridge' }), makeStore(4, { name: 'Shared', role: 'editor', user_id: 9 })]);
    server.use(
      http.put(apiUrl('/share/default'), () => HttpResponse.json({ message: 'No.' }, { status: 403 })),
      http.put(apiUrl('/share/remove'), () => HttpResponse.json({ message: 'No.' }, { status: 404 })),
    );
    const { user, unmount } = renderApp('/user-stores/2');
    await openMenu(user, 'Fridge');
    await user.click(screen.getByRole('menuitem', { name: 'set default' }));
    expect(await screen.findByText('An error Occureed')).toBeInTheDocument();
    unmount();

    const second = renderApp('/user-stores/4');
    await openMenu(second.user, 'Shared');
    await second.user.click(screen.getByRole('menuitem', { name: 'remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Shared from shared stores?' });
    await second.user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect((await screen.findAllByText('An error Occureed')).length).toBeGreaterThan(0);
  });

  it("delete asks first, then DELETE, 'Store Deleted.' and back to /user-stores", async () => {
    signIn();
    const state = fakeStoresServer([makeStore(1, { name: 'Pantry', default: true }), makeStore(2, { name: 'Fridge' })]);
    const { user, router } = renderApp('/user-stores/2');
    await openMenu(user, 'Fridge');
    await user.click(screen.getByRole('menuitem', { name: 'delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Fridge?' });
    expect(dialog).toHaveTextContent('This action cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('Store Deleted.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/user-stores'));
    expect(state.calls).toEqual([{ method: 'DELETE', path: '/stores/2', body: null }]);
    expect(await screen.findByRole('listitem', { name: 'Pantry - (default)' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Fridge' })).not.toBeInTheDocument();
  });

  it("remove (a shared store): PUT /share/remove, '{title} removed.'", async () => {
    signIn();
    const state = fakeStoresServer([makeStore(4, { name: 'Shared', role: 'viewer', user_id: 9 })]);
    const { user, router } = renderApp('/user-stores/4');
    await openMenu(user, 'Shared');
    await user.click(screen.getByRole('menuitem', { name: 'remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Shared from shared stores?' });
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('Shared removed.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/user-stores'));
    expect(state.calls).toEqual([
      { method: 'PUT', path: '/share/remove', body: { entity_id: 4, entity_type: 'UserFoodStore' } },
    ]);
  });

  it('view opens the read-only view and edit the editable one', async () => {
    signIn();
    fakeStoresServer([pantry()]);
    const { user, router } = renderApp('/user-stores/1');
    await openMenu(user, 'Pantry - (default)');
    await user.click(screen.getByRole('menuitem', { name: 'view' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-stores/1?view=readonly'));
    expect(screen.queryByRole('textbox', { name: 'add to store' })).not.toBeInTheDocument();
    await openMenu(user, 'Pantry - (default)');
    await user.click(screen.getByRole('menuitem', { name: 'edit' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-stores/1'));
    expect(await screen.findByRole('textbox', { name: 'add to store' })).toBeInTheDocument();
  });
});

describe('manage store items', () => {
  const lists = [
    makeList(20, { name: 'Weekly' }),
    makeList(21, { name: 'Their list', role: 'editor', user_id: 9 }),
    makeList(22, { name: 'Read only list', role: 'viewer', user_id: 9 }),
  ];

  async function openManage(user: User) {
    await user.click(await screen.findByRole('button', { name: 'manage items' }));
    return screen.findByRole('dialog', { name: MANAGE_TITLE });
  }

  it("lists each item with quantity, name and expiry date; 'Send to Shopping List' offers own and editable lists", async () => {
    signIn();
    fakeStoresServer([pantry()], { lists });
    const { user } = renderApp('/user-stores/1');
    const dialog = await openManage(user);
    const milk = within(dialog).getByRole('checkbox', { name: 'Milk' });
    expect(milk.closest('li')).toHaveTextContent('2 lMilk09/03/2025');
    const select = within(dialog).getByRole('combobox', { name: 'Send to Shopping List' });
    await waitFor(() =>
      expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'choose a list',
        'Weekly',
        'Their list',
      ]),
    );
    expect(within(dialog).getByRole('button', { name: 'move' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'remove' })).toBeDisabled();
  });

  it("move: merges the ticked items into the list, then takes them out of the store: 'Items Moved and store updated'", async () => {
    signIn();
    const state = fakeStoresServer([pantry()], { lists });
    const { user } = renderApp('/user-stores/1');
    const dialog = await openManage(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Milk' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Grandma jam' }));
    expect(within(dialog).getByRole('button', { name: 'move' })).toBeDisabled();
    const select = within(dialog).getByRole('combobox', { name: 'Send to Shopping List' });
    await within(select).findByRole('option', { name: 'Their list' });
    await user.selectOptions(select, 'Their list');
    await user.click(within(dialog).getByRole('button', { name: 'move' }));
    expect(await screen.findByText('Items Moved and store updated')).toBeInTheDocument();
    expect(state.calls).toEqual([
      {
        method: 'POST',
        path: '/user-shoppinglists/21/merge',
        body: {
          ingredients: [
            { value: '11', name: 'Milk', quantity: 2, unit: 'l' },
            { value: 'CUSTOM-x1', name: 'Grandma jam', quantity: 1, unit: 'unit' },
          ],
        },
      },
      { method: 'PUT', path: '/stores/1', body: { items_to_remove: [1, 4] } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MANAGE_TITLE })).not.toBeInTheDocument());
    expect(screen.queryByRole('listitem', { name: 'Milk' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Cheese' })).toBeInTheDocument();
  });

  it("remove: takes the ticked items out of the store: 'Store updated'; a failure says 'Error Updating store, reload and try again.'", async () => {
    signIn();
    const state = fakeStoresServer([pantry()], { lists });
    const { user } = renderApp('/user-stores/1');
    let dialog = await openManage(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cheese' }));
    await user.click(within(dialog).getByRole('button', { name: 'remove' }));
    expect(await screen.findByText('Store updated')).toBeInTheDocument();
    expect(state.calls).toEqual([{ method: 'PUT', path: '/stores/1', body: { items_to_remove: [3] } }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Cheese' })).not.toBeInTheDocument());

    server.use(http.put(apiUrl('/stores/1'), () => HttpResponse.json({ message: 'Stale.' }, { status: 409 })));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MANAGE_TITLE })).not.toBeInTheDocument());
    dialog = await openManage(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Milk' }));
    await user.click(within(dialog).getByRole('button', { name: 'remove' }));
    expect(await screen.findByText('Error Updating store, reload and try again.')).toBeInTheDocument();
  });

  it("an item's own editor deletes it after asking: '{name} removed from {store}'", async () => {
    signIn();
    const state = fakeStoresServer([pantry()], { lists });
    const { user } = renderApp('/user-stores/1');
    await user.click(await screen.findByRole('button', { name: 'edit Cheese' }));
    await user.click(screen.getByRole('button', { name: 'delete Cheese' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Cheese?' });
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(state.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'delete Cheese' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Cheese?' })).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('Cheese removed from Pantry - (default)')).toBeInTheDocument();
    expect(state.calls).toEqual([{ method: 'PUT', path: '/stores/1', body: { items_to_remove: [3] } }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Cheese' })).not.toBeInTheDocument());
  });

  it("an empty store shows 'nope.'", async () => {
    signIn();
    fakeStoresServer([makeStore(2, { name: 'Fridge' })], { lists });
    const { user } = renderApp('/user-stores/2');
    const dialog = await openManage(user);
    expect(within(dialog).getByText('nope.')).toBeInTheDocument();
  });
});
