import { api } from './client';
import type { RecipeFilterPayload, RecipePage } from './wire';
import type { FilterItem } from '@/shared/lib/savedFilters';

// The catalogue's lists: GET /recipes, GET /recipe-search and POST /recipe-filter, one page each.
// No React and no TanStack Query here: this module runs in the app's first, small script, before
// the rest of the app's code has arrived (see startRecipePageEarly).

/** What the Discover list shows: the plain list, a search, or a filtered (and maybe searched) list. */
export type RecipeListQuery =
  | { kind: 'list'; page: number }
  | { kind: 'search'; page: number; search: string }
  | { kind: 'filter'; page: number; search: string; filters: FilterItem[] };

/** The list query for a page, a search text and the filters (the plain list without either). */
export function recipeListQuery(filters: FilterItem[], page: number, search: string): RecipeListQuery {
  if (filters.length > 0) return { kind: 'filter', page, search, filters };
  if (search) return { kind: 'search', page, search };
  return { kind: 'list', page };
}

function requestRecipePage(query: RecipeListQuery, signal?: AbortSignal, early = false): Promise<RecipePage> {
  // An early request leaves a 401 to the app's own request (which signs out and redirects).
  const options = { signal, skipAuthRedirect: early };
  switch (query.kind) {
    case 'list':
      return api.get('/recipes', { ...options, query: { page: query.page } });
    case 'search':
      return api.get('/recipe-search', { ...options, query: { page: query.page, search: query.search } });
    case 'filter': {
      const body: RecipeFilterPayload = { pageToRequest: query.page, searchString: query.search, filters: query.filters };
      return api.post('/recipe-filter', body, options);
    }
  }
}

/**
 * A request started before the app's code arrived, with its answer once in. The list's first
 * render of the same query takes the answer (or, still on its way, its first fetch the request).
 */
let early: { key: string; answer: Promise<RecipePage>; value?: RecipePage } | null = null;

/**
 * Starts the request for `query` now, so that its answer is on its way while the app's code is
 * still downloading. The list's first fetch of the same query uses it instead of asking again.
 * The promise settles (never rejects) once the answer is in.
 */
export function startRecipePageEarly(query: RecipeListQuery): Promise<void> {
  const answer = requestRecipePage(query, undefined, true);
  const started: NonNullable<typeof early> = { key: JSON.stringify(query), answer };
  early = started;
  // A failure is handled by the list's fetch (which asks again), or the answer is never needed.
  return answer.then(
    (value) => {
      started.value = value;
    },
    () => undefined,
  );
}

/** The early answer for `query` when it is already in (once): the list's first render shows it. */
export function takeEarlyRecipePage(query: RecipeListQuery): RecipePage | undefined {
  if (!early || early.value === undefined || early.key !== JSON.stringify(query)) return undefined;
  const { value } = early;
  early = null;
  return value;
}

/** Forgets an early request (tests). */
export function resetEarlyRecipePage(): void {
  early = null;
}

/** One page of the Discover list (the early answer for the query it was started for, once). */
export function fetchRecipePage(query: RecipeListQuery, signal?: AbortSignal): Promise<RecipePage> {
  const taken = early;
  early = null;
  if (taken && taken.key === JSON.stringify(query)) {
    // A failed early request is simply made again, with the usual 401 handling.
    return taken.answer.catch(() => requestRecipePage(query, signal));
  }
  return requestRecipePage(query, signal);
}
