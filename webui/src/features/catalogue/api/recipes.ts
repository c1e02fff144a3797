import { useQuery } from '@tanstack/react-query';
import {
  api,
  type CategoryOption,
  categoryOptionsQueryOptions,
  type IngredientOption,
  ingredientOptionsQueryOptions,
  queryKeys,
  type RecipeListQuery,
  recipePageQueryOptions,
} from '@/shared/api';

export type { RecipeDetail, RecipeIngredient, RecipePage, RecipeStep, RecipeSummary } from '@/shared/api';
export { recipeListQuery, recipePageQueryOptions, type RecipeListQuery } from '@/shared/api';

/** An item of the add-ingredient / add-category dialogs. */
export type OptionItem = CategoryOption | IngredientOption;

export function useRecipePage(query: RecipeListQuery) {
  return useQuery(recipePageQueryOptions(query));
}

/** GET /recipes/{recipe_id}: one catalogue recipe with ingredients and steps. */
export function useRecipe(id: string) {
  return useQuery({
    queryKey: queryKeys.catalogue.detail(id),
    queryFn: ({ signal }) => api.get('/recipes/{recipe_id}', { params: { recipe_id: id }, signal }),
    staleTime: 60_000,
  });
}

/**
 * GET /api/form-options/categories or /ingredients (loaded when `enabled`); recipe categories only.
 * `kind` stays the same for a dialog.
 */
export function useFormOptions(kind: 'categories' | 'ingredients', enabled = true) {
  const categories = useQuery({
    ...categoryOptionsQueryOptions(),
    // Recipes are filed under recipe categories only; ingredient categories are for stores.
    select: (answer): OptionItem[] => answer.data.filter((option) => !option.kind || option.kind === 'recipe'),
    enabled: enabled && kind === 'categories',
  });
  const ingredients = useQuery({
    ...ingredientOptionsQueryOptions(),
    select: (answer): OptionItem[] => answer.data,
    enabled: enabled && kind === 'ingredients',
  });
  return kind === 'categories' ? categories : ingredients;
}
