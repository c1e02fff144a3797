import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { makeSaved } from '../testData';

// Mantine keeps toasts in a module-level store: start every test without the previous test's toasts.
beforeEach(() => notifications.clean());

function emptyLists() {
  server.use(
    http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])),
    http.get(apiUrl('/user-recipe-creator'), () => HttpResponse.json([])),
    http.get(apiUrl('/user-imported-recipes'), () => HttpResponse.json([])),
  );
}

describe('/user-recipes tabs', () => {
  it.each([
    ['', 'saved', 'No Recipes Found'],
    ['#saved', 'saved', 'No Recipes Found'],
    ['#custom', 'custom', 'No Recipes Found'],
    ['#imported', 'imported', '...'],
    ['#notes', 'notes', 'zip.'],
    ['#nonsense', 'saved', 'No Recipes Found'],
  ])('%s opens the %s tab with its empty state', async (hash, tab, empty) => {
    signIn();
    emptyLists();
    renderApp(`/user-recipes${hash}`);
    const selected = await screen.findByRole('tab', { selected: true });
    expect(selected).toHaveTextContent(tab);
    expect(await screen.findByText(empty)).toBeInTheDocument();
  });

  it('switching tabs replaces the hash', async () => {
    signIn();
    emptyLists();
    const { user, router } = renderApp('/user-recipes');
    await user.click(await screen.findByRole('tab', { name: 'notes' }));
    await waitFor(() => expect(router.state.location.hash).toBe('#notes'));
    expect(await screen.findByText('zip.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'imported' }));
    await waitFor(() => expect(router.state.location.hash).toBe('#imported'));
    expect(await screen.findByRole('button', { name: 'import' })).toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    const { router } = renderApp('/user-recipes#custom');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('#saved', () => {
  it("shows cards with image, name, category, description and 'Serves' opening /recipes/{id}", async () => {
    signIn();
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () =>
        HttpResponse.json([makeSaved(4, { image: 'soup.jpg', name: 'Lentil soup' }), makeSaved(5, { category: null })]),
      ),
      // The recipe page (catalogue) the card opens.
      http.get(apiUrl('/recipes/4'), () => HttpResponse.json({ message: 'Recipe not found' }, { status: 404 })),
    );
    const { user, router } = renderApp('/user-recipes#saved');
    const card = await screen.findByRole('listitem', { name: 'Lentil soup' });
    expect(card.querySelector('img')).toHaveAttribute('src', '/uploads/soup.jpg');
    expect(card).toHaveTextContent('Soups');
    expect(card).toHaveTextContent('Saved description 4');
    expect(within(card).getByText('Serves').parentElement).toHaveTextContent('Serves 3');
    const other = screen.getByRole('listitem', { name: 'Saved 5' });
    expect(other.querySelector('img')).toHaveAttribute('src', '/recipe-placeholder.svg');
    await user.click(within(card).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recipes/4'));
  });

  it('removes a recipe with DELETE /user-saved-recipes/{id} and shows the answered list', async () => {
    signIn();
    const deleted: string[] = [];
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([makeSaved(4), makeSaved(5)])),
      http.delete(apiUrl('/user-saved-recipes/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json([makeSaved(5)]);
      }),
    );
    const { user } = renderApp('/user-recipes');
    await user.click(await screen.findByRole('button', { name: 'remove Saved 4' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Saved 4' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Saved 5' })).toBeInTheDocument();
    expect(deleted).toEqual(['4']);
    expect(JSON.parse(window.localStorage.getItem('saved_recipes') ?? '[]')).toEqual([makeSaved(5)]);
  });

  it('keeps the list when removing fails (only logged)', async () => {
    signIn();
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([makeSaved(4)])),
      http.delete(apiUrl('/user-saved-recipes/:id'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const { user } = renderApp('/user-recipes');
      const remove = await screen.findByRole('button', { name: 'remove Saved 4' });
      await user.click(remove);
      await waitFor(() => expect(errors.length).toBeGreaterThan(0));
      expect(screen.getByRole('listitem', { name: 'Saved 4' })).toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });
});
