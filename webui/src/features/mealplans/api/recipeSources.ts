import { useQuery } from '@tanstack/react-query';
import {
  importedRecipesQueryOptions,
  recipePageQueryOptions,
  type UserRecipeOut,
  userRecipesQueryOptions,
} from '@/shared/api';

/** What the search panel reads of an own recipe. */
export type OwnRecipe = Pick<UserRecipeOut, 'user_recipe_id' | 'name' | 'image'>;

/**
 * The catalogue recipes of the search panel: GET /recipe-search?search= for a typed text, the first
 * page of GET /recipes without one (the same cache entries as Discover's).
 */
export function useCatalogueRecipes(search: string, enabled: boolean) {
  const text = search.trim();
  return useQuery({
    ...recipePageQueryOptions(text ? { kind: 'search', page: 1, search: text } : { kind: 'list', page: 1 }),
    select: (page) => page.data,
    enabled,
  });
}

/** GET /user-recipe-creator: the user's own recipes. */
export function useOwnRecipes(enabled: boolean) {
  return useQuery({ ...userRecipesQueryOptions(), enabled });
}

/** GET /user-imported-recipes: the user's imported recipes. */
export function useImportedRecipes(enabled: boolean) {
  return useQuery({ ...importedRecipesQueryOptions(), enabled });
}
