import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import type { MissingLine, RecipeSuggestion, RecipeSuggestionsPayload } from './wire';

/** How many days ahead 'use it up' looks: `use_up` keeps recipes using stock expiring within them. */
export const USE_UP_DAYS = 3;

/**
 * POST /recipe-suggestions: the recipes (catalogue, own and imported) best cooked from the stock of
 * every store the user sees, best first; the server applies the account's filter preferences
 * itself. The one query of the endpoint, for every screen that asks (the /cook list, the
 * dashboard's 'Use it up', the plan editor's 'suggest'); each body is its own cache entry.
 */
export function recipeSuggestionsQueryOptions(body: RecipeSuggestionsPayload) {
  return queryOptions({
    queryKey: queryKeys.suggestions.list(body),
    queryFn: async ({ signal }) =>
      (await api.post('/recipe-suggestions', body, { signal })).data,
  });
}

/** The page of a suggested recipe: /recipes/{id}, an own recipe's /user-recipes/{id}, an import's /imported-recipes/{id}. */
export function suggestionPath({ kind, recipe_id }: Pick<RecipeSuggestion, 'kind' | 'recipe_id'>): string {
  switch (kind) {
    case 'user':
      return `/user-recipes/${recipe_id}`;
    case 'imported':
      return `/imported-recipes/${recipe_id}`;
    default:
      return `/recipes/${recipe_id}`;
  }
}

/** 'Missing: Bacon, Chives', or 'Nothing missing'. */
export function missingText(missing: readonly Pick<MissingLine, 'name'>[]): string {
  return missing.length === 0 ? 'Nothing missing' : `Missing: ${missing.map((line) => line.name).join(', ')}`;
}
