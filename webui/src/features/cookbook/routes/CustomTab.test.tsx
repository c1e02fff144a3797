import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublishRequestOut } from '@/shared/api';
import { formatDateTime } from '@/shared/ui';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { UserRecipe } from '../api/userRecipes';
import { makeRequest, makeUserRecipe } from '../testData';

/** Confirms the shared confirm dialog titled `title`. */
async function confirm(user: ReturnType<typeof renderApp>['user'], title: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
}

// Mantine keeps toasts in a module-level store: start every test without the previous test's toasts.
beforeEach(() => notifications.clean());

/** A stateful fake of the own-recipe and publish-request endpoints. */
function fakeServer(initial: UserRecipe[]) {
  const state = { recipes: initial.map((r) => ({ ...r })), calls: [] as string[] };
  const find = (id: number) => state.recipes.find((r) => r.user_recipe_id === id);
  server.use(
    http.get(apiUrl('/user-recipe-creator'), () => HttpResponse.json(state.recipes)),
    // The editor (another feature) loads the recipe when 'edit' navigates there.
    http.get(apiUrl('/user-recipe-creator/:id'), ({ params }) => HttpResponse.json(find(Number(params.id)) ?? {})),
    http.delete(apiUrl('/user-recipe-creator/:id'), ({ params }) => {
      state.calls.push(`DELETE ${String(params.id)}`);
      state.recipes = state.recipes.filter((r) => r.user_recipe_id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('/publish-requests'), async ({ request }) => {
      const body = (await request.json()) as { entity_id: number; entity_type: string };
      state.calls.push(`POST ${JSON.stringify(body)}`);
      const recipe = find(body.entity_id);
      if (!recipe) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      const made = makeRequest({ id: 90, entity_id: recipe.user_recipe_id, status: 'pending' });
      recipe.request = made;
      return HttpResponse.json({ data: made }, { status: 201 });
    }),
    http.get(apiUrl('/publish-requests/:id/cancel'), ({ params }) => {
      state.calls.push(`CANCEL ${String(params.id)}`);
      const recipe = state.recipes.find((r) => r.request?.id === Number(params.id));
      if (!recipe?.request) return HttpResponse.json({ message: 'Conflict' }, { status: 409 });
      const cancelled: PublishRequestOut = { ...recipe.request, status: 'cancelled' };
      recipe.request = null;
      return HttpResponse.json({ data: cancelled });
    }),
    http.put(apiUrl('/publish-requests/unpublish'), async ({ request }) => {
      const body = (await request.json()) as number;
      state.calls.push(`UNPUBLISH ${JSON.stringify(body)}`);
      const recipe = find(body);
      if (!recipe) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      recipe.published = false;
      recipe.recipe_id = null;
      return HttpResponse.json({ data: recipe });
    }),
  );
  return state;
}

async function openMenu(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `actions for ${name}` }));
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent);
}

describe('#custom', () => {
  it("shows cards with name, 'Serves' and description; a card opens /user-recipes/{id}", async () => {
    signIn();
    fakeServer([makeUserRecipe(7, { name: 'Rice pot', serves: 5 })]);
    const { user, router } = renderApp('/user-recipes#custom');
    const card = await screen.findByRole('listitem', { name: 'Rice pot' });
    expect(within(card).getByText('Serves').parentElement).toHaveTextContent('Serves 5');
    expect(card).toHaveTextContent('My description 7');
    expect(within(card).queryByText('Status')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-recipes/7'));
  });

  it.each([
    ['no request, not published', {}, ['publish', 'edit', 'delete']],
    ['no request, published', { published: true, recipe_id: 40 }, ['unpublish', 'edit', 'delete']],
    ['a pending request', { request: makeRequest() }, ['cancel', 'edit', 'delete']],
    ['a rejected request', { request: makeRequest({ status: 'rejected', error: 'Too rude' }) }, ['cancel', 'edit', 'delete']],
    ['a request on a published recipe', { published: true, request: makeRequest() }, ['cancel', 'edit', 'delete']],
  ])('with %s the menu shows %j', async (_label, overrides, entries) => {
    signIn();
    fakeServer([makeUserRecipe(7, overrides as Partial<UserRecipe>)]);
    const { user } = renderApp('/user-recipes#custom');
    expect(await openMenu(user, 'My recipe 7')).toEqual(entries);
  });

  it("shows 'Status', 'requested on' and 'last updated' when a request exists", async () => {
    signIn();
    const request = makeRequest({ status: 'rejected', error: 'Contains banned words or symbols' });
    fakeServer([makeUserRecipe(7, { request })]);
    renderApp('/user-recipes#custom');
    const card = await screen.findByRole('listitem', { name: 'My recipe 7' });
    expect(within(card).getByText('Status').parentElement).toHaveTextContent('Status rejected');
    expect(card).toHaveTextContent(`requested on ${formatDateTime(request.created_at)}`);
    expect(card).toHaveTextContent(`last updated ${formatDateTime(request.updated_at)}`);
    expect(card).toHaveTextContent('Contains banned words or symbols');
  });

  it("publishes: POST /publish-requests then 'In Review', the card shows the pending request", async () => {
    signIn();
    const state = fakeServer([makeUserRecipe(7)]);
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'publish' }));
    expect(await screen.findByText('In Review')).toBeInTheDocument();
    expect(state.calls).toEqual(['POST {"entity_id":7,"entity_type":"UserRecipe"}']);
    const card = screen.getByRole('listitem', { name: 'My recipe 7' });
    await waitFor(() => expect(within(card).getByText('Status').parentElement).toHaveTextContent('Status pending'));
    expect(await openMenu(user, 'My recipe 7')).toEqual(['cancel', 'edit', 'delete']);
  });

  it("a refused publish toasts 'The request to publish was rejected' and the error text, keeping the returned request", async () => {
    signIn();
    const state = fakeServer([makeUserRecipe(7)]);
    const text = 'This Recipe Cannot be published as it as unknown ingredients.';
    const rejected = makeRequest({ id: 91, status: 'rejected', error: text });
    server.use(
      // The list answer does not carry the request: what the card shows comes from the 409 answer.
      http.post(apiUrl('/publish-requests'), () =>
        HttpResponse.json({ message: text, error: text, request: rejected }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'publish' }));
    expect(await screen.findByText('The request to publish was rejected')).toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'My recipe 7' });
    await waitFor(() => expect(within(card).getByText('Status').parentElement).toHaveTextContent('Status rejected'));
    // The error text is toasted and shown on the card.
    expect(screen.getAllByText(text)).toHaveLength(2);
    expect(state.recipes[0]?.request).toBeNull();
    expect(await openMenu(user, 'My recipe 7')).toEqual(['cancel', 'edit', 'delete']);
  });

  it("any other publish failure says 'Unknown Error, Contact Administrator.'", async () => {
    signIn();
    fakeServer([makeUserRecipe(7)]);
    server.use(http.post(apiUrl('/publish-requests'), () => HttpResponse.json({ message: 'Already pending' }, { status: 409 })));
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'publish' }));
    expect(await screen.findByText('Unknown Error, Contact Administrator.')).toBeInTheDocument();
    expect(screen.queryByText('The request to publish was rejected')).not.toBeInTheDocument();
  });

  it("cancels a request: 'The request to publish was cancelled' and the menu offers publish again", async () => {
    signIn();
    const state = fakeServer([makeUserRecipe(7, { request: makeRequest({ id: 70 }) })]);
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'cancel' }));
    expect(await screen.findByText('The request to publish was cancelled')).toBeInTheDocument();
    expect(state.calls).toEqual(['CANCEL 70']);
    const card = screen.getByRole('listitem', { name: 'My recipe 7' });
    await waitFor(() => expect(within(card).queryByText('Status')).not.toBeInTheDocument());
    expect(await openMenu(user, 'My recipe 7')).toEqual(['publish', 'edit', 'delete']);
  });

  it("a failed cancel says 'The Request could not be cancelled' and keeps the request", async () => {
    signIn();
    fakeServer([makeUserRecipe(7, { request: makeRequest({ id: 70 }) })]);
    server.use(http.get(apiUrl('/publish-requests/:id/cancel'), () => HttpResponse.json({ message: 'No' }, { status: 409 })));
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'cancel' }));
    expect(await screen.findByText('The Request could not be cancelled')).toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'My recipe 7' });
    expect(within(card).getByText('Status').parentElement).toHaveTextContent('Status pending');
  });

  it('asks before unpublishing; cancel keeps the recipe published', async () => {
    signIn();
    const state = fakeServer([makeUserRecipe(7, { published: true, recipe_id: 40 })]);
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish My recipe 7?' });
    expect(dialog).toHaveTextContent('leaves the catalogue');
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.calls).toEqual([]);
  });

  it("unpublishes once confirmed, with the bare id as the body: 'The Recipe was unpublished'", async () => {
    signIn();
    const state = fakeServer([makeUserRecipe(7, { published: true, recipe_id: 40 })]);
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'unpublish' }));
    await confirm(user, 'Unpublish My recipe 7?');
    expect(await screen.findByText('The Recipe was unpublished')).toBeInTheDocument();
    expect(state.calls).toEqual(['UNPUBLISH 7']);
    await waitFor(async () => expect(await openMenu(user, 'My recipe 7')).toEqual(['publish', 'edit', 'delete']));
  });

  it("a failed unpublish says 'Unknown Error, Contact Administrator.'", async () => {
    signIn();
    fakeServer([makeUserRecipe(7, { published: true, recipe_id: 40 })]);
    server.use(http.put(apiUrl('/publish-requests/unpublish'), () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'unpublish' }));
    await confirm(user, 'Unpublish My recipe 7?');
    expect(await screen.findByText('Unknown Error, Contact Administrator.')).toBeInTheDocument();
  });

  it('edit goes to /recipe-edit/{id}', async () => {
    signIn();
    fakeServer([makeUserRecipe(7)]);
    const { user, router } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recipe-edit/7'));
  });

  it("delete asks 'Delete {title}?' / 'This action cannot be undone'; cancel keeps it, confirm deletes it", async () => {
    signIn();
    const state = fakeServer([makeUserRecipe(7, { name: 'Rice pot' }), makeUserRecipe(8)]);
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'Rice pot');
    await user.click(screen.getByRole('menuitem', { name: 'delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Rice pot?' });
    expect(dialog).toHaveTextContent('This action cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.calls).toEqual([]);

    await openMenu(user, 'Rice pot');
    await user.click(screen.getByRole('menuitem', { name: 'delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Rice pot?' });
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Rice pot' })).not.toBeInTheDocument());
    expect(state.calls).toEqual(['DELETE 7']);
    expect(screen.getByRole('listitem', { name: 'My recipe 8' })).toBeInTheDocument();
  });

  it("a failed delete says 'Unknown Error, Contact Administrator.' and keeps the card", async () => {
    signIn();
    fakeServer([makeUserRecipe(7)]);
    server.use(http.delete(apiUrl('/user-recipe-creator/:id'), () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = renderApp('/user-recipes#custom');
    await openMenu(user, 'My recipe 7');
    await user.click(screen.getByRole('menuitem', { name: 'delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete My recipe 7?' });
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('Unknown Error, Contact Administrator.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'My recipe 7' })).toBeInTheDocument();
  });
});
