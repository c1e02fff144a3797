import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';

/** Option lists change only when the catalogue does: kept fresh for 5 minutes. */
const FORM_OPTIONS_STALE_MS = 5 * 60_000;

/**
 * GET /api/form-options/ingredients: every catalogue ingredient (value, name, image, category_id,
 * default_unit). The raw answer is cached under the same key as every other reader of the list.
 */
export function ingredientOptionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.formOptions.detail('ingredients'),
    queryFn: ({ signal }) => api.get('/api/form-options/ingredients', { signal }),
    staleTime: FORM_OPTIONS_STALE_MS,
    // Tried even when the browser says it is offline: the service worker may answer from its cache.
    networkMode: 'offlineFirst',
  });
}

/** The catalogue ingredients to pick from (an empty list until loaded). */
export function useIngredientOptions() {
  return useQuery({ ...ingredientOptionsQueryOptions(), select: (answer) => answer.data });
}

/** GET /api/form-options/categories: every category (recipe and ingredient ones, told by `kind`). */
export function categoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.formOptions.detail('categories'),
    queryFn: ({ signal }) => api.get('/api/form-options/categories', { signal }),
    staleTime: FORM_OPTIONS_STALE_MS,
    networkMode: 'offlineFirst',
  });
}

/** Category names by id (all kinds), for grouping items by their `category_id`. */
export function useCategoryNames() {
  return useQuery({
    ...categoryOptionsQueryOptions(),
    select: (answer) => new Map(answer.data.map((option) => [option.value, option.name])),
  });
}
