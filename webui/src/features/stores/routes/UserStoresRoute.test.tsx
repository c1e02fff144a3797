import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { serveSuggestions } from '@/test/suggestions';
import { CREATE_STORE_TITLE } from '../components/CreateStoreDialog';
import { fakeStoresServer, makeItem, makeStore } from '../testData';
import { COOK_LINK_TEXT } from './UserStoresRoute';

async function openCreate(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Create' }));
  return screen.findByRole('dialog', { name: CREATE_STORE_TITLE });
}

describe('/user-stores', () => {
  it('Back closes the open dialog and the page stays; the next Back leaves the page', async () => {
    signIn();
    fakeStoresServer([makeStore(1, { name: 'Pantry', default: true })]);
    const { user, router } = renderApp('/user-dashboard');
    await router.navigate('/user-stores');
    const dialog = await openCreate(user);
    await fill(user, within(dialog).getByRole('textbox', { name: 'name' }), 'Garage shelf');
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: CREATE_STORE_TITLE })).not.toBeInTheDocument());
    expect(currentPath(router)).toBe('/user-stores');
    await router.navigate(-1);
    await waitFor(() => expect(currentPath(router)).toBe('/user-dashboard'));
  });

  it("links to 'Cook from what you have' (/cook)", async () => {
    signIn();
    fakeStoresServer([makeStore(1, { name: 'Pantry', default: true })]);
    const bodies = serveSuggestions([]);
    const { user, router } = renderApp('/user-stores');
    const link = await screen.findByRole('link', { name: COOK_LINK_TEXT });
    expect(link).toHaveAttribute('href', '/cook');
    await user.click(link);
    await waitFor(() => expect(currentPath(router)).toBe('/cook'));
    await waitFor(() => expect(bodies).toHaveLength(1));
  });

  it("shows own stores on #mystores and shared ones on #shared, 'nope' and 'nada' when empty", async () => {
    signIn();
    fakeStoresServer([makeStore(1, { name: 'Pantry', default: true }), makeStore(2, { name: 'Fridge' })]);
    const { user, router } = renderApp('/user-stores');
    const own = await screen.findByRole('list', { name: 'my stores' });
    expect(within(own).getAllByRole('listitem').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Pantry - (default)',
      'Fridge',
    ]);
    await user.click(screen.getByRole('tab', { name: 'shared with me' }));
    expect(await screen.findByText('nada')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#shared');
  });

  it("shows 'nope' on an empty #mystores and the shared stores with their author on #shared", async () => {
    signIn();
    fakeStoresServer([makeStore(5, { name: 'Mum freezer', role: 'editor', user_id: 9, owner_name: 'mum' })]);
    const first = renderApp('/user-stores#mystores');
    expect(await screen.findByText('nope')).toBeInTheDocument();
    first.unmount();
    renderApp('/user-stores#shared');
    const card = await screen.findByRole('listitem', { name: 'Mum freezer' });
    expect(card).toHaveTextContent('author: mum');
  });

  it("store cards carry 'In plan (0)' (dimmed), 'Expiring (n)' and 'Expired (n)' from the store's counts", async () => {
    signIn();
    fakeStoresServer([makeStore(1, { name: 'Pantry', expiring: 2, expired: 3, items: [makeItem(1)] })]);
    renderApp('/user-stores');
    const card = await screen.findByRole('listitem', { name: 'Pantry' });
    const badges = within(card).getByLabelText('store badges');
    expect([...badges.children].map((badge) => badge.textContent)).toEqual(['In plan (0)', 'Expiring (2)', 'Expired (3)']);
    expect(within(badges).getByText('In plan (0)').closest('.mantine-Badge-root')).toHaveStyle({ opacity: '0.6' });
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/user-stores/1');
  });

  it('a card of a store shared to view only opens it read-only', async () => {
    signIn();
    fakeStoresServer([makeStore(5, { name: 'Theirs', role: 'viewer', user_id: 9 })]);
    renderApp('/user-stores#shared');
    const card = await screen.findByRole('listitem', { name: 'Theirs' });
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/user-stores/5?view=readonly');
  });

  it('the create button looks disabled until name and description pass, and says why when pressed', async () => {
    signIn();
    const state = fakeStoresServer([]);
    const { user } = renderApp('/user-stores');
    const dialog = await openCreate(user);
    const create = within(dialog).getByRole('button', { name: 'create' });
    expect(create).toHaveAttribute('data-disabled');
    expect(within(dialog).getByLabelText('description (optional)')).toBeInTheDocument();

    await user.click(create);
    expect(within(dialog).getByText('The name field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The description field is required.')).toBeInTheDocument();

    await fill(user, within(dialog).getByRole('textbox', { name: /^name/ }), 'Mum & Dad');
    expect(within(dialog).getByText('may only contain letters, numbers and spaces')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: /^name/ }), 'Garage');
    await fill(user, within(dialog).getByRole('textbox', { name: 'description (optional)' }), 'the big one!');
    expect(within(dialog).getByText('may only contain letters, numbers and spaces')).toBeInTheDocument();
    expect(create).toHaveAttribute('data-disabled');
    await user.click(create);
    expect(state.calls).toEqual([]);

    await fill(user, within(dialog).getByRole('textbox', { name: 'description (optional)' }), 'the big one');
    expect(create).not.toHaveAttribute('data-disabled');
    expect(within(dialog).queryByText('may only contain letters, numbers and spaces')).not.toBeInTheDocument();
  });

  it('guesses the kind from the name as the user types until the user picks one, then creates and opens the store', async () => {
    signIn();
    const state = fakeStoresServer([]);
    const { user, router } = renderApp('/user-stores');
    const dialog = await openCreate(user);
    const kind = (value: string) => within(dialog).getByRole('radio', { name: value });
    const name = within(dialog).getByRole('textbox', { name: /^name/ });
    expect(kind('pantry')).toBeChecked();
    await user.type(name, 'Garage fridge');
    expect(kind('fridge')).toBeChecked();
    await user.type(name, ' freezer');
    expect(kind('freezer')).toBeChecked();
    await fill(user, name, 'Cellar');
    expect(kind('pantry')).toBeChecked();

    await user.click(kind('fridge'));
    await fill(user, name, 'Garage freezer');
    expect(kind('fridge')).toBeChecked();

    await fill(user, within(dialog).getByRole('textbox', { name: 'description (optional)' }), 'Drinks');
    await user.click(within(dialog).getByRole('button', { name: 'create' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-stores/1'));
    expect(state.calls).toEqual([
      { method: 'POST', path: '/stores', body: { name: 'Garage freezer', description: 'Drinks', kind: 'fridge' } },
    ]);
    expect(await screen.findByRole('heading', { name: 'Garage freezer - (default)' })).toBeInTheDocument();
  });
});
