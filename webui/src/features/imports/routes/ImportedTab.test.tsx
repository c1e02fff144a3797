import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ImportedRecipe } from '@/shared/api';
import { formatDateTime } from '@/shared/ui';
import { fill, renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { makeImported } from '../testData';

beforeEach(() => notifications.clean());

const SOUP = { name: 'Tomato soup', recipeIngredient: ['1 tomato'], recipeInstructions: 'Cook it.' };

/** A stateful fake of the import endpoints; `answer` decides what a POST creates. */
function fakeServer(initial: ImportedRecipe[], answer?: (url: string) => ImportedRecipe | Response) {
  const state = { items: [...initial], posted: [] as unknown[], deleted: [] as string[], gets: 0 };
  server.use(
    http.get(apiUrl('/user-imported-recipes'), () => {
      state.gets += 1;
      return HttpResponse.json(state.items);
    }),
    http.get(apiUrl('/user-imported-recipes/:id'), ({ params }) => {
      const item = state.items.find((i) => i.import_recipe_id === Number(params.id));
      return item ? HttpResponse.json(item) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.post(apiUrl('/user-imported-recipes'), async ({ request }) => {
      const body = (await request.json()) as { url: string };
      state.posted.push(body);
      const made = answer ? answer(body.url) : makeImported(9, SOUP, { url: body.url });
      if (made instanceof Response) return made;
      state.items = [made, ...state.items];
      return HttpResponse.json({ data: made }, { status: 201 });
    }),
    http.delete(apiUrl('/user-imported-recipes/:id'), ({ params }) => {
      state.deleted.push(String(params.id));
      state.items = state.items.filter((item) => item.import_recipe_id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

describe('#imported', () => {
  it("lists the imports newest first with 'imported {date}' and 'category: ...', opening /imported-recipes/{id}", async () => {
    signIn();
    const older = makeImported(1, { name: 'Old bread', recipeIngredient: [] });
    const newer = makeImported(3, { message: 'No recipe found on this page', url: 'https://blog.example.com/x' });
    const middle = makeImported(2, SOUP);
    fakeServer([older, newer, middle]);
    const { user, router } = renderApp('/user-recipes#imported');
    const list = await screen.findByRole('list', { name: 'imported recipes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'https://recipes.example.com/r/3',
      'Tomato soup',
      'Old bread',
    ]);
    expect(items[0]).toHaveTextContent('category: EXTERNAL_LINK');
    expect(items[1]).toHaveTextContent('category: IMPORTED');
    expect(items[1]).toHaveTextContent(`imported ${formatDateTime(middle.created_at)}`);
    await user.click(within(items[1] as HTMLElement).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/imported-recipes/2'));
  });

  it('shows a failed import as the raw URL, an external link', async () => {
    signIn();
    fakeServer([
      makeImported(4, '{}', { import_failed: true, url: 'https://down.example.com/pie?x=1' }),
    ]);
    renderApp('/user-recipes#imported');
    const link = await screen.findByRole('link', { name: 'https://down.example.com/pie?x=1' });
    expect(link).toHaveAttribute('href', 'https://down.example.com/pie?x=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const item = screen.getByRole('listitem', { name: 'https://down.example.com/pie?x=1' });
    expect(within(item).queryByRole('link', { name: /imported/ })).not.toBeInTheDocument();
    expect(within(item).getAllByRole('link')).toHaveLength(1);
  });

  it.each(['not a url', 'ftp://files.example.com/recipe', 'javascript:alert(1)', 'example.com/soup', ''])(
    'does nothing for the invalid URL %j',
    async (value) => {
      signIn();
      const state = fakeServer([]);
      const { user } = renderApp('/user-recipes#imported');
      await screen.findByText('...');
      const input = screen.getByLabelText('recipe link');
      if (value) await fill(user, input, value);
      await user.click(screen.getByRole('button', { name: 'import' }));
      expect(screen.queryByText('recipe import failed')).not.toBeInTheDocument();
      // A valid URL afterwards is the first and only request the server sees.
      await fill(user, input, 'https://recipes.example.com/ok');
      await user.click(screen.getByRole('button', { name: 'import' }));
      expect(await screen.findByText('recipe imported')).toBeInTheDocument();
      expect(state.posted).toEqual([{ url: 'https://recipes.example.com/ok' }]);
      expect(screen.queryByText('recipe import failed')).not.toBeInTheDocument();
    },
  );

  it("imports a valid URL: POST {url}, the list refreshes, 'recipe imported'", async () => {
    signIn();
    const state = fakeServer([]);
    const { user } = renderApp('/user-recipes#imported');
    await screen.findByText('...');
    await fill(user, screen.getByLabelText('recipe link'), 'https://recipes.example.com/tomato-soup');
    await user.click(screen.getByRole('button', { name: 'import' }));
    expect(await screen.findByText('recipe imported')).toBeInTheDocument();
    expect(state.posted).toEqual([{ url: 'https://recipes.example.com/tomato-soup' }]);
    expect(screen.getByRole('listitem', { name: 'Tomato soup' })).toBeInTheDocument();
    expect(state.gets).toBe(2);
    expect(screen.getByLabelText('recipe link')).toHaveValue('');
  });

  it("a 201 with import_failed true counts as failed: 'recipe import failed' and the raw URL is listed", async () => {
    signIn();
    fakeServer([], (url) => makeImported(5, '{}', { url, import_failed: true }));
    const { user } = renderApp('/user-recipes#imported');
    await screen.findByText('...');
    await fill(user, screen.getByLabelText('recipe link'), 'http://down.example.com/soup');
    await user.click(screen.getByRole('button', { name: 'import' }));
    expect(await screen.findByText('recipe import failed')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'http://down.example.com/soup' })).toBeInTheDocument();
    expect(screen.queryByText('recipe imported')).not.toBeInTheDocument();
  });

  it.each([422, 429, 500])("an error answer (%i) says 'recipe import failed'", async (status) => {
    signIn();
    const state = fakeServer([], () => HttpResponse.json({ message: 'no' }, { status }));
    const { user } = renderApp('/user-recipes#imported');
    await screen.findByText('...');
    await fill(user, screen.getByLabelText('recipe link'), 'https://recipes.example.com/x');
    await user.click(screen.getByRole('button', { name: 'import' }));
    expect(await screen.findByText('recipe import failed')).toBeInTheDocument();
    expect(state.posted).toHaveLength(1);
    expect(screen.getByText('...')).toBeInTheDocument();
  });

  it("deletes an import after 'Delete {title}?' / 'This action cannot be undone'", async () => {
    signIn();
    const state = fakeServer([makeImported(2, SOUP), makeImported(1, { name: 'Old bread' })]);
    const { user } = renderApp('/user-recipes#imported');
    await user.click(await screen.findByRole('button', { name: 'delete Tomato soup' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Tomato soup?' });
    expect(dialog).toHaveTextContent('This action cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'delete Tomato soup' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Tomato soup?' });
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Tomato soup' })).not.toBeInTheDocument());
    expect(state.deleted).toEqual(['2']);
    expect(screen.getByRole('listitem', { name: 'Old bread' })).toBeInTheDocument();
  });
});
