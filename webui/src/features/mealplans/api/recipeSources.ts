import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ImportedRecipe, queryKeys, type RecipePage, type UserRecipeOut } from '@/shared/api';

/** What the search panel reads of an own recipe. */
export type OwnRecipe = Pick<UserRecipeOut, 'user_recipe_id' | 'name' | 'image'>;

/**
 * The catalogue recipes of the search panel: GET /recipe-search?search= for a typed text, the first
 * page of GET /recipes without one (cached under the catalogue's keys, as Discover does).
 */
export function useCatalogueRecipes(search: string, enabled: boolean) {
  const text = search.trim();
  const query = text ? { kind: 'search', page: 1, search: text } : { kind: 'list', page: 1 };
  return useQuery({
    queryKey: queryKeys.catalogue.list(query),
    queryFn: ({ signal }) =>
      text
        ? api.get<RecipePage>(`/recipe-search?page=1&search=${encodeURIComponent(text)}`, { signal })
        : api.get<RecipePage>('/recipes?page=1', { signal }),
    select: (page) => page.data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** GET /user-recipe-creator: the user's own recipes. */
export function useOwnRecipes(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.userRecipes.list(),
    queryFn: ({ signal }) => api.get<OwnRecipe[]>('/user-recipe-creator', { signal }),
    enabled,
  });
}

/** GET /user-imported-recipes: the user's imported recipes. */
export function useImportedRecipes(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.importedRecipes.list(),
    queryFn: ({ signal }) => api.get<ImportedRecipe[]>('/user-imported-recipes', { signal }),
    enabled,
  });
}
