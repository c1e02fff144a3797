import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '@/shared/session';
import { resetOnline, setOnline } from '@/test/online';
import { currentPath, renderApp, signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';
import { saveFailedMessage } from '../components/SaveHeart';
import { makePage, makeRecipe } from '../testData';
import { COOK_LINK_TEXT } from './DiscoverRoute';

const formUrl = (path: string) => new URL(`/api/form-options${path}`, window.location.origin).toString();

interface Calls {
  list: number[];
  search: { page: number; search: string }[];
  filter: unknown[];
}

function catalogue(total = 45): Calls {
  const calls: Calls = { list: [], search: [], filter: [] };
  server.use(
    http.get(apiUrl('/recipes'), ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      calls.list.push(page);
      return HttpResponse.json(makePage(page, total));
    }),
    http.get(apiUrl('/recipe-search'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const entry = { page: Number(params.get('page')), search: params.get('search') ?? '' };
      calls.search.push(entry);
      return HttpResponse.json(makePage(entry.page, 3, (id) => `${entry.search} dish ${id}`));
    }),
    http.post(apiUrl('/recipe-filter'), async ({ request }) => {
      const body = (await request.json()) as { pageToRequest: number };
      calls.filter.push(body);
      return HttpResponse.json(makePage(body.pageToRequest, 2, (id) => `Filtered ${id}`));
    }),
    http.get(formUrl('/ingredients'), () =>
      HttpResponse.json({
        data: [
          { value: 1, name: 'Red lentils', image: null, category_id: 1, default_unit: 'g' },
          { value: 2, name: 'Green lentils', image: null, category_id: 1, default_unit: 'g' },
          { value: 3, name: 'Onion', image: null, category_id: 2, default_unit: 'unit(s)' },
        ],
      }),
    ),
    http.get(formUrl('/categories'), () =>
      HttpResponse.json({
        data: [
          { value: 1, name: 'Soups' },
          { value: 2, name: 'Curries' },
        ],
      }),
    ),
  );
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/recipes Discover list', () => {
  it('shows the tabs, rows with links, and pages with Prev / Next', async () => {
    const calls = catalogue(45);
    const { user, router } = renderApp('/recipes');
    expect(await screen.findByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Verified', 'Community', 'Recommended']);
    const list = screen.getByRole('list', { name: 'recipes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    // Visitors get no save heart.
    expect(screen.queryByRole('button', { name: /^save / })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 40 of 45 Entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 41 to 45 of 45 Entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('Showing 21 to 40 of 45 Entries')).toBeInTheDocument();
    expect(calls.list.slice(0, 3)).toEqual([1, 2, 3]);

    server.use(http.get(apiUrl('/recipes/21'), () => HttpResponse.json({ message: 'Not Found' }, { status: 404 })));
    await user.click(screen.getByRole('link', { name: /Recipe 21/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/recipes/21'));
  });

  it("shows 'Coming Soon.' under Community and Recommended", async () => {
    catalogue();
    const { user } = renderApp('/recipes');
    await screen.findByText('Showing 1 to 20 of 45 Entries');
    await user.click(screen.getByRole('tab', { name: 'Community' }));
    expect(await screen.findByText('Coming Soon.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Recommended' }));
    expect(await screen.findByText('Coming Soon.')).toBeInTheDocument();
  });

  it("offers signed-in users 'Cook from what you have' (/cook) above the tabs; visitors do not get it", async () => {
    catalogue();
    const visitor = renderApp('/recipes');
    await screen.findByText('Showing 1 to 20 of 45 Entries');
    expect(screen.queryByRole('link', { name: COOK_LINK_TEXT })).not.toBeInTheDocument();
    visitor.unmount();

    signIn();
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])),
      http.post(apiUrl('/recipe-suggestions'), () => HttpResponse.json({ data: [] })),
    );
    const { user, router } = renderApp('/recipes');
    const link = await screen.findByRole('link', { name: COOK_LINK_TEXT });
    expect(link).toHaveAttribute('href', '/cook');
    expect(link.compareDocumentPosition(screen.getByRole('tablist')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(link);
    await waitFor(() => expect(currentPath(router)).toBe('/cook'));
    expect(await screen.findByRole('heading', { name: 'Cook from what you have' })).toBeInTheDocument();
  });

  it('shows rows with image, category and dietary badges, and a placeholder for a missing image', async () => {
    server.use(
      http.get(apiUrl('/recipes'), () =>
        HttpResponse.json({
          ...makePage(1, 2),
          data: [
            makeRecipe(1, {
              name: 'Lentil soup',
              image: 'catalogue-soups.svg',
              tags: { allergen: false, vegan: true, vegetarian: true, gluten_free: true, dairy_free: false, sugar_free: false },
            }),
            makeRecipe(2, { name: 'Plain', image: null, category: null }),
          ],
        }),
      ),
    );
    renderApp('/recipes');
    const row = await screen.findByRole('listitem', { name: 'Lentil soup' });
    expect(within(row).getByText('Soups')).toBeInTheDocument();
    expect(within(row).getAllByText(/^(Vegan|Vegetarian|Gluten free)$/).map((b) => b.textContent)).toEqual([
      'Vegan',
      'Vegetarian',
      'Gluten free',
    ]);
    const img = row.querySelector('img');
    expect(img).toHaveAttribute('src', '/uploads/catalogue-soups.svg');
    fireEvent.error(img!);
    await waitFor(() => expect(row.querySelector('img')).toHaveAttribute('src', '/recipe-placeholder.svg'));
    const plain = screen.getByRole('listitem', { name: 'Plain' });
    expect(plain.querySelector('img')).toHaveAttribute('src', '/recipe-placeholder.svg');
  });
});

describe('/recipes search', () => {
  it('searches after 800 ms without typing, only above 2 characters; an empty input resets', async () => {
    const calls = catalogue(45);
    renderApp('/recipes');
    await screen.findByText('Showing 1 to 20 of 45 Entries');
    const input = screen.getByRole('textbox', { name: 'Search recipes' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(input, { target: { value: 'le' } });
    act(() => vi.advanceTimersByTime(2000));
    expect(calls.search).toEqual([]);

    fireEvent.change(input, { target: { value: 'len' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.change(input, { target: { value: 'lentil' } });
    act(() => vi.advanceTimersByTime(799));
    expect(calls.search).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    expect(await screen.findByText('lentil dish 1')).toBeInTheDocument();
    expect(calls.search).toEqual([{ page: 1, search: 'lentil' }]);
    expect(screen.getByText('Showing 1 to 3 of 3 Entries')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '' } });
    expect(await screen.findByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
    expect(screen.queryByText('lentil dish 1')).not.toBeInTheDocument();
    expect(calls.search).toHaveLength(1);
  });
});

describe('/recipes save heart', () => {
  it('saves with POST and unsaves with DELETE, showing a spinner, and keeps saved_recipes in sync', async () => {
    signIn();
    catalogue(2);
    let release: () => void = () => {};
    const posted: unknown[] = [];
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])),
      http.post(apiUrl('/user-saved-recipes'), async ({ request }) => {
        posted.push(await request.json());
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json([{ recipe_id: 1, name: 'Recipe 1', image: null, category: null, description: '', serves: 2 }], {
          status: 201,
        });
      }),
      http.delete(apiUrl('/user-saved-recipes/1'), () => HttpResponse.json([])),
    );
    const { user } = renderApp('/recipes');
    const heart = await screen.findByRole('button', { name: 'save Recipe 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    await waitFor(() => expect(posted).toEqual([{ recipe_id: 1 }]));
    expect(heart).toHaveAttribute('data-loading', 'true');
    // The heart shows the state asked for while the request is on its way.
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    release();
    const saved = await screen.findByRole('button', { name: 'unsave Recipe 1' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(saved).not.toHaveAttribute('data-loading'));
    expect(JSON.parse(window.localStorage.getItem('saved_recipes') ?? '[]')).toHaveLength(1);

    await user.click(saved);
    expect(await screen.findByRole('button', { name: 'save Recipe 1' })).toBeInTheDocument();
    expect(window.localStorage.getItem('saved_recipes')).toBe('[]');
  });

  it('a read of the saved list that answers after a save does not undo it', async () => {
    signIn();
    catalogue(2);
    const stale: Array<() => void> = [];
    const reads: AbortSignal[] = [];
    server.use(
      http.get(apiUrl('/user-saved-recipes'), async ({ request }) => {
        // Answered late, with the list as it was before the save below.
        reads.push(request.signal);
        await new Promise<void>((resolve) => stale.push(resolve));
        return HttpResponse.json([]);
      }),
      http.post(apiUrl('/user-saved-recipes'), () =>
        HttpResponse.json([{ recipe_id: 1, name: 'Recipe 1', image: null, category: null, description: '', serves: 2 }], {
          status: 201,
        }),
      ),
    );
    window.localStorage.setItem('saved_recipes', '[]');
    const { user } = renderApp('/recipes');
    const heart = await screen.findByRole('button', { name: 'save Recipe 1' });
    await waitFor(() => expect(stale).toHaveLength(1));
    await user.click(heart);
    expect(await screen.findByRole('button', { name: 'unsave Recipe 1' })).toBeInTheDocument();
    // The read on its way was called off when the save was sent: its answer can change nothing.
    await waitFor(() => expect(reads.every((signal) => signal.aborted)).toBe(true));
    stale.forEach((answer) => answer());
    expect(JSON.parse(window.localStorage.getItem('saved_recipes') ?? '[]')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'unsave Recipe 1' })).toBeInTheDocument();
  });

  it('a failed save says it could not be saved, stops the spinner and the heart goes back', async () => {
    signIn();
    catalogue(1);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])),
      http.post(apiUrl('/user-saved-recipes'), () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    );
    const { user } = renderApp('/recipes');
    await user.click(await screen.findByRole('button', { name: 'save Recipe 1' }));
    expect(await screen.findByText(saveFailedMessage(true, false))).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalled());
    const heart = screen.getByRole('button', { name: 'save Recipe 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(heart).not.toHaveAttribute('data-loading'));
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('a failed unsave says so and the heart stays saved', async () => {
    signIn();
    catalogue(1);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () =>
        HttpResponse.json([{ recipe_id: 1, name: 'Recipe 1', image: null, category: null, description: '', serves: 2 }]),
      ),
      http.delete(apiUrl('/user-saved-recipes/1'), () => HttpResponse.error()),
    );
    const { user } = renderApp('/recipes');
    await user.click(await screen.findByRole('button', { name: 'unsave Recipe 1' }));
    expect(await screen.findByText(saveFailedMessage(false, false))).toBeInTheDocument();
    const heart = screen.getByRole('button', { name: 'unsave Recipe 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(heart).not.toHaveAttribute('data-loading'));
    log.mockRestore();
  });

  it('tapped offline: no request, a toast that it could not be saved, the heart unchanged', async () => {
    signIn();
    catalogue(1);
    const posted: unknown[] = [];
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])),
      http.post(apiUrl('/user-saved-recipes'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json([]);
      }),
    );
    const { user } = renderApp('/recipes');
    const heart = await screen.findByRole('button', { name: 'save Recipe 1' });
    act(() => setOnline(false));
    try {
      await user.click(heart);
      expect(await screen.findByText(saveFailedMessage(true, true))).toBeInTheDocument();
      expect(heart).toHaveAttribute('aria-pressed', 'false');
      expect(heart).not.toHaveAttribute('data-loading');
      expect(posted).toEqual([]);
    } finally {
      resetOnline();
    }
  });
});

async function openFilters(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'filter' }));
  return screen.findByRole('dialog', { name: 'Filters' });
}

describe('/recipes filter dialog', () => {
  it('adds ingredients in include or exclude mode, filters options from 3 characters and applies', async () => {
    const calls = catalogue(45);
    const { user } = renderApp('/recipes');
    await screen.findByText('Showing 1 to 20 of 45 Entries');
    let dialog = await openFilters(user);

    await user.click(within(dialog).getByRole('button', { name: 'add ingredient' }));
    let add = await screen.findByRole('dialog', { name: 'add ingredient' });
    const options = await within(add).findByRole('list', { name: 'ingredient options' });
    expect(within(options).getAllByRole('listitem')).toHaveLength(3);
    const search = within(add).getByRole('textbox', { name: 'search ingredients' });
    await user.type(search, 'LE');
    expect(within(options).getAllByRole('listitem')).toHaveLength(3);
    await user.type(search, 'n');
    expect(within(options).getAllByRole('button').map((o) => o.textContent)).toEqual(['Red lentils', 'Green lentils']);
    expect(within(add).queryByRole('button', { name: 'create custom item' })).not.toBeInTheDocument();
    await user.clear(search);
    expect(within(options).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(options).getByRole('button', { name: 'Red lentils' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'add ingredient' })).not.toBeInTheDocument());

    dialog = screen.getByRole('dialog', { name: 'Filters' });
    await user.click(within(dialog).getByRole('radio', { name: 'exclude' }));
    await user.click(within(dialog).getByRole('button', { name: 'add ingredient' }));
    add = await screen.findByRole('dialog', { name: 'add ingredient' });
    await user.type(within(add).getByRole('textbox', { name: 'search ingredients' }), 'oni');
    await user.click(within(add).getByRole('button', { name: 'Onion' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'add ingredient' })).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('checkbox', { name: 'Vegan' }));
    const current = within(dialog).getByRole('list', { name: 'current filters' });
    expect(within(current).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'include ingredient: Red lentils',
      'exclude ingredient: Onion',
      'include preference: Vegan',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'apply' }));
    expect(await screen.findByText('Filtered 1')).toBeInTheDocument();
    expect(calls.filter).toEqual([
      {
        pageToRequest: 1,
        searchString: '',
        filters: [
          { value: 1, name: 'Red lentils', type: 'ingredient', includeExclude: 'include' },
          { value: 3, name: 'Onion', type: 'ingredient', includeExclude: 'exclude' },
          { value: 'vegan', name: 'vegan', type: 'preference', includeExclude: 'include' },
        ],
      },
    ]);
    // Save was not ticked: nothing stored.
    expect(window.localStorage.getItem('filters')).toBeNull();
  });

  it('creates a custom category only when the search matches nothing', async () => {
    const calls = catalogue(45);
    const { user } = renderApp('/recipes');
    await screen.findByText('Showing 1 to 20 of 45 Entries');
    const dialog = await openFilters(user);
    await user.click(within(dialog).getByRole('button', { name: 'add category' }));
    const add = await screen.findByRole('dialog', { name: 'add category' });
    const search = await within(add).findByRole('textbox', { name: 'search categories' });
    await within(add).findByRole('button', { name: 'Soups' });
    await user.type(search, 'sou');
    expect(within(add).queryByRole('button', { name: 'create custom item' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'Brunch');
    await user.click(within(add).getByRole('button', { name: 'create custom item' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'add category' })).not.toBeInTheDocument());
    expect(within(dialog).getByText('include category: Brunch')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'apply' }));
    await screen.findByText('Filtered 1');
    const sent = calls.filter[0] as { filters: { value: string; name: string; type: string }[] };
    expect(sent.filters).toHaveLength(1);
    expect(sent.filters[0]).toMatchObject({ name: 'Brunch', type: 'category', includeExclude: 'include' });
    expect(sent.filters[0]?.value).toMatch(/^CUSTOM_/);
  });

  it('stores the list with Save, restores it on the next visit, and cancel clears it', async () => {
    const calls = catalogue(45);
    const first = renderApp('/recipes');
    await screen.findByText('Showing 1 to 20 of 45 Entries');
    let dialog = await openFilters(first.user);
    await first.user.click(within(dialog).getByRole('checkbox', { name: 'Gluten free' }));
    await first.user.click(within(dialog).getByRole('checkbox', { name: 'Save' }));
    await first.user.click(within(dialog).getByRole('button', { name: 'apply' }));
    await screen.findByText('Filtered 1');
    expect(JSON.parse(window.localStorage.getItem('filters') ?? 'null')).toEqual([
      { value: 'gluten_free', name: 'gluten_free', type: 'preference', includeExclude: 'include' },
    ]);
    first.unmount();

    calls.filter.length = 0;
    const second = renderApp('/recipes');
    expect(await screen.findByText('Filtered 1')).toBeInTheDocument();
    expect(calls.filter).toHaveLength(1);
    dialog = await openFilters(second.user);
    expect(within(dialog).getByText('include preference: Gluten free')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Save' })).toBeChecked();
    await second.user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(window.localStorage.getItem('filters')).toBeNull();
    expect(await screen.findByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
    dialog = await openFilters(second.user);
    expect(within(dialog).getByText('No filters')).toBeInTheDocument();
  });

  it('removes a filter from the list', async () => {
    catalogue(45);
    const { user } = renderApp('/recipes');
    await screen.findByText('Showing 1 to 20 of 45 Entries');
    const dialog = await openFilters(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Vegan' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dairy free' }));
    await user.click(within(dialog).getByRole('button', { name: 'remove Vegan' }));
    expect(within(within(dialog).getByRole('list', { name: 'current filters' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'include preference: Dairy free',
    ]);
    expect(within(dialog).getByRole('checkbox', { name: 'Vegan' })).not.toBeChecked();
  });
});

describe('/recipes with the account\'s saved preferences', () => {
  beforeEach(() => {
    server.use(http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])));
  });

  it('starts filtered by the preferences, shown as removable chips; removing one shows the plain list', async () => {
    const calls = catalogue(45);
    signIn({ ...testUser, preferences: ['vegan'] });
    const { user } = renderApp('/recipes');
    expect(await screen.findByText('Filtered 1')).toBeInTheDocument();
    expect(calls.list).toEqual([]);
    expect(calls.filter).toEqual([
      {
        pageToRequest: 1,
        searchString: '',
        filters: [{ value: 'vegan', name: 'vegan', type: 'preference', includeExclude: 'include' }],
      },
    ]);
    const chips = screen.getByRole('list', { name: 'preference filters' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Vegan']);

    await user.click(screen.getByRole('button', { name: 'remove preference Vegan' }));
    expect(await screen.findByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
    expect(calls.list).toEqual([1]);
    expect(screen.queryByRole('list', { name: 'preference filters' })).not.toBeInTheDocument();
    // A view choice: the account's preferences stay as they were.
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ preferences: ['vegan'] });
  });

  it('keeps the preference chips while searching and shows them in the filter dialog', async () => {
    const calls = catalogue(45);
    signIn({ ...testUser, preferences: ['gluten_free', 'vegan'] });
    const { user } = renderApp('/recipes');
    await screen.findByText('Filtered 1');
    const chips = screen.getByRole('list', { name: 'preference filters' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Vegan', 'Gluten free']);

    await user.type(screen.getByRole('textbox', { name: 'Search recipes' }), 'soup');
    await waitFor(() => expect(calls.filter.at(-1)).toMatchObject({ searchString: 'soup' }), { timeout: 2000 });
    expect((calls.filter.at(-1) as { filters: { value: string }[] }).filters.map((f) => f.value)).toEqual([
      'vegan',
      'gluten_free',
    ]);
    expect(calls.search).toEqual([]);

    const dialog = await openFilters(user);
    expect(within(dialog).getByRole('checkbox', { name: 'Vegan' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Gluten free' })).toBeChecked();
  });

  it('follows the saved preferences when they change while the list is open', async () => {
    const calls = catalogue(45);
    signIn({ ...testUser, preferences: [] });
    renderApp('/recipes');
    await screen.findByText('Showing 1 to 20 of 45 Entries');
    act(() => setStoredUser({ ...testUser, preferences: ['dairy_free'] }));
    expect(await screen.findByText('Filtered 1')).toBeInTheDocument();
    expect(calls.filter.at(-1)).toMatchObject({ filters: [{ value: 'dairy_free', type: 'preference' }] });
    expect(screen.getByRole('button', { name: 'remove preference Dairy free' })).toBeInTheDocument();
    act(() => setStoredUser({ ...testUser, preferences: [] }));
    expect(await screen.findByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
  });

  it('gives visitors and users without preferences the plain list', async () => {
    const calls = catalogue(45);
    const visitor = renderApp('/recipes');
    expect(await screen.findByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'preference filters' })).not.toBeInTheDocument();
    visitor.unmount();

    signIn({ ...testUser, preferences: [] });
    renderApp('/recipes');
    expect(await screen.findByText('Showing 1 to 20 of 45 Entries')).toBeInTheDocument();
    expect(calls.filter).toEqual([]);
    expect(screen.queryByRole('list', { name: 'preference filters' })).not.toBeInTheDocument();
  });
});
