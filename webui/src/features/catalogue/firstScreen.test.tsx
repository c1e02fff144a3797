import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { saveFilters } from '@/shared/lib/savedFilters';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';
import { fetchRecipePage, resetEarlyRecipePage } from '@/shared/api/recipePage';
import { startDiscoverListEarly } from './firstScreen';
import { makePage } from './testData';

/** The catalogue API; with `hold.active` the list's answers wait for `hold.release()`. */
function catalogue(options: { failFirst?: boolean } = {}) {
  const calls = { list: [] as number[], filter: [] as unknown[] };
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = { active: false, release: () => release() };
  server.use(
    http.get(apiUrl('/recipes'), async ({ request }) => {
      calls.list.push(Number(new URL(request.url).searchParams.get('page')));
      if (hold.active) await held;
      if (options.failFirst && calls.list.length === 1) return HttpResponse.json({ message: 'busy' }, { status: 503 });
      return HttpResponse.json(makePage(1, 45));
    }),
    http.post(apiUrl('/recipe-filter'), async ({ request }) => {
      calls.filter.push(await request.json());
      return HttpResponse.json(makePage(1, 2, (id) => `Filtered ${id}`));
    }),
  );
  return { calls, hold };
}

const at = (pathname: string, hash = '') => ({ pathname, hash });

afterEach(() => {
  resetEarlyRecipePage();
});

describe("the first screen's data is asked for before the app's code runs", () => {
  it('on /recipes the list page is requested once and the first render shows it', async () => {
    const { calls } = catalogue();
    await startDiscoverListEarly(at('/recipes'));
    expect(calls.list).toEqual([1]);

    const { queryClient } = renderApp('/recipes');
    // No loader first, and no second request: the answer is already in.
    expect(screen.getByRole('list', { name: 'recipes' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
    expect(queryClient.isFetching()).toBe(0);
    expect(calls.list).toEqual([1]);
  });

  it('an answer still on its way is waited for, not asked for again', async () => {
    const { calls, hold } = catalogue();
    hold.active = true;
    const answered = startDiscoverListEarly(at('/recipes', '#verified'));
    renderApp('/recipes#verified');
    await waitFor(() => expect(calls.list).toEqual([1]));
    expect(screen.queryByRole('list', { name: 'recipes' })).not.toBeInTheDocument();
    hold.release();
    await answered;
    expect(await screen.findByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
    expect(calls.list).toEqual([1]);
  });

  it('a failed early request is made again by the list', async () => {
    const { calls } = catalogue({ failFirst: true });
    await startDiscoverListEarly(at('/recipes'));
    renderApp('/recipes');
    expect(await screen.findByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
    expect(calls.list).toEqual([1, 1]);
  });

  it('uses the saved filters and the account preferences, as the list does', async () => {
    const { calls } = catalogue();
    server.use(http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])));
    signIn({ ...testUser, preferences: ['vegan'] } as typeof testUser);
    saveFilters([{ value: 7, name: 'Soups', type: 'category', includeExclude: 'include' }]);
    await startDiscoverListEarly(at('/recipes'));
    expect(calls.filter).toEqual([
      {
        pageToRequest: 1,
        searchString: '',
        filters: [
          { value: 7, name: 'Soups', type: 'category', includeExclude: 'include' },
          { value: 'vegan', name: 'vegan', type: 'preference', includeExclude: 'include' },
        ],
      },
    ]);
    const { queryClient } = renderApp('/recipes');
    expect(screen.getByText('Filtered 1')).toBeInTheDocument();
    expect(queryClient.isFetching({ queryKey: ['catalogue'] })).toBe(0);
    expect(calls.filter).toHaveLength(1);
    expect(calls.list).toEqual([]);
  });

  it.each([at('/home'), at('/recipes/4'), at('/recipes', '#community'), at('/recipes', '#recommended')])(
    'asks for nothing elsewhere (%o)',
    (location) => {
      const { calls } = catalogue();
      expect(startDiscoverListEarly(location)).toBeNull();
      expect(calls).toEqual({ list: [], filter: [] });
    },
  );

  it('is used by the first fetch of the same query only, and only once', async () => {
    const { calls } = catalogue();
    await startDiscoverListEarly(at('/recipes'));
    await fetchRecipePage({ kind: 'list', page: 2 });
    await fetchRecipePage({ kind: 'list', page: 1 });
    // The early answer was dropped by the first (other) fetch: page 1 was asked for again.
    expect(calls.list).toEqual([1, 2, 1]);
  });
});
