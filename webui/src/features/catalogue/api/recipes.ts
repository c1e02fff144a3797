import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  api,
  type CategoryOption,
  type FormOptions,
  type IngredientOption,
  queryKeys,
  type RecipeDetail,
} from '@/shared/api';
import { fetchRecipePage, type RecipeListQuery, takeEarlyRecipePage } from './recipePage';

export type { RecipeDetail, RecipeIngredient, RecipePage, RecipeStep, RecipeSummary } from '@/shared/api';
export { recipeListQuery, type RecipeListQuery } from './recipePage';

/** An item of the add-ingredient / add-category dialogs. */
export type OptionItem = CategoryOption | IngredientOption;

export function recipePageQueryOptions(query: RecipeListQuery) {
  return queryOptions({
    queryKey: queryKeys.catalogue.list(query),
    queryFn: ({ signal }) => fetchRecipePage(query, signal),
    // The answer to a request the app's first script started, when it came in before the list.
    initialData: () => takeEarlyRecipePage(query),
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
