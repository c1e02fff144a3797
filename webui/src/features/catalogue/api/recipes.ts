import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  api,
  type CategoryOption,
  type FormOptions,
  type IngredientOption,
  queryKeys,
  type RecipeDetail,
  type RecipeFilterPayload,
  type RecipePage,
} from '@/shared/api';
import type { FilterItem } from '../lib/filters';

export type { RecipeDetail, RecipeIngredient, RecipePage, RecipeStep, RecipeSummary } from '@/shared/api';

/** An item of the add-ingredient / add-category dialogs. */
export type OptionItem = CategoryOption | IngredientOption;

/** What the Discover list shows: the plain list, a search, or a filtered (and maybe searched) list. */
export type RecipeListQuery =
  | { kind: 'list'; page: number }
  | { kind: 'search'; page: number; search: string }
  | { kind: 'filter'; page: number; search: string; filters: FilterItem[] };

function fetchRecipePage(query: RecipeListQuery, signal: AbortSignal): Promise<RecipePage> {
  switch (query.kind) {
    case 'list':
      return api.get<RecipePage>(`/recipes?page=${query.page}`, { signal });
    case 'search':
      return api.get<RecipePage>(
        `/recipe-search?page=${query.page}&search=${encodeURIComponent(query.search)}`,
        { signal },
      );
    case 'filter': {
      const body: RecipeFilterPayload = { pageToRequest: query.page, searchString: query.search, filters: query.filters };
      return api.post<RecipePage>('/recipe-filter', body, { signal });
    }
  }
}

export function recipePageQueryOptions(query: RecipeListQuery) {
  return queryOptions({
    queryKey: queryKeys.catalogue.list(query),
    queryFn: ({ signal }) => fetchRecipePage(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useRecipePage(query: RecipeListQuery) {
  return useQuery(recipePageQueryOptions(query));
}

/** GET /recipes/{id}: one catalogue recipe with ingredients and steps. */
export function useRecipe(id: string) {
  return useQuery({
    queryKey: queryKeys.catalogue.detail(id),
    queryFn: ({ signal }) => api.get<RecipeDetail>(`/recipes/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
  });
}

/** GET /api/form-options/categories or /ingredients (loaded when `enabled`); recipe categories only. */
export function useFormOptions(kind: 'categories' | 'ingredients', enabled = true) {
  return useQuery({
    queryKey: queryKeys.formOptions.detail(kind),
    queryFn: ({ signal }) => api.get<FormOptions<OptionItem>>(`/form-options/${kind}`, { signal, base: '/api' }),
    // Recipes are filed under recipe categories only; ingredient categories are for stores.
    select: (answer): OptionItem[] =>
      answer.data.filter((option) => !('kind' in option) || option.kind === 'recipe'),
    staleTime: 5 * 60_000,
    enabled,
  });
}
