import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { installShoppingServer, makeItem, makeList } from '../testData';

describe('/user-shopping-lists', () => {
  it("shows own lists under 'my lists' and others' under 'shared with me' (by hash)", async () => {
    signIn();
    installShoppingServer({
      lists: [
        makeList(1, { name: 'Weekly shop', ingredients: [makeItem('1'), makeItem('2')] }),
        makeList(2, { name: 'Flat party', role: 'editor', user_id: 9, owner_name: 'bob_flatmate' }),
      ],
    });
    const { user, router } = renderApp('/user-shopping-lists');
    const mine = await screen.findByRole('list', { name: 'my lists' });
    expect(within(mine).getByText('Weekly shop')).toBeInTheDocument();
    expect(within(mine).getByText('2 items')).toBeInTheDocument();
    expect(screen.queryByText('Flat party')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'shared with me' }));
    await waitFor(() => expect(router.state.location.hash).toBe('#shared'));
    const shared = await screen.findByRole('list', { name: 'lists shared with me' });
    expect(within(shared).getByText('Flat party')).toBeInTheDocument();
    expect(within(shared).getByText('author: bob_flatmate')).toBeInTheDocument();

    await user.click(within(shared).getByRole('link'));
    await waitFor(() => expect(currentPath(router)).toBe('/user-shopping-lists/2?view=readonly'));
  });

  it('rows open the list read-only', async () => {
    signIn();
    installShoppingServer({ lists: [makeList(5, { name: 'Aldi' })] });
    const { user, router } = renderApp('/user-shopping-lists#mylists');
    await user.click(await screen.findByRole('link', { name: /Aldi/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-shopping-lists/5?view=readonly'));
  });

  it('has empty states on both tabs', async () => {
    signIn();
    installShoppingServer();
    renderApp('/user-shopping-lists');
    expect(await screen.findByText('No shopping lists yet. Create one to start.')).toBeInTheDocument();
  });

  it('shows a loader while loading', async () => {
    signIn();
    installShoppingServer();
    renderApp('/user-shopping-lists#shared');
    expect(await screen.findByLabelText('Loading the lists')).toBeInTheDocument();
    expect(await screen.findByText('No lists have been shared with you.')).toBeInTheDocument();
  });
});

describe('the naming dialog', () => {
  it('enables Create only for a valid name, then creates the list and opens its editor', async () => {
    signIn();
    const backend = installShoppingServer();
    const { user, router } = renderApp('/user-shopping-lists');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a Shopping List' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    const name = within(dialog).getByRole('textbox', { name: 'name' });
    expect(create).toBeDisabled();

    await fill(user, name, 'Mum & Dad');
    expect(within(dialog).getByText('may only contain letters, numbers and spaces')).toBeInTheDocument();
    expect(create).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(backend.writes()).toHaveLength(0);

    await fill(user, name, '');
    expect(within(dialog).getByText('The name field is required.')).toBeInTheDocument();
    expect(create).toBeDisabled();

    await fill(user, name, 'Weekly shop 2');
    expect(create).toBeEnabled();
    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-shopping-lists/edit/100'));
    expect(backend.writes()).toEqual([
      { method: 'POST', path: '/user-shoppinglists', body: { name: 'Weekly shop 2', ingredients: [] } },
    ]);
    // A list just made: the editor's title says so. The dialog's own heading says the same until
    // the dialog unmounts: wait for the editor's search first (only the editor has it).
    expect(await screen.findByRole('textbox', { name: 'add items' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create a Shopping List' })).toBeInTheDocument();
    expect(screen.getByText('Weekly shop 2')).toBeInTheDocument();
  });

  it('Cancel closes it without a call', async () => {
    signIn();
    const backend = installShoppingServer();
    const { user } = renderApp('/user-shopping-lists');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a Shopping List' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.writes()).toHaveLength(0);
  });
});

describe('/user-shopping-lists/create', () => {
  it('shows the create form', async () => {
    signIn();
    installShoppingServer();
    const { user, router } = renderApp('/user-shopping-lists/create');
    expect(await screen.findByRole('heading', { name: 'Create a Shopping List' })).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: 'name' }), 'Market');
    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-shopping-lists/edit/100'));
  });
});
