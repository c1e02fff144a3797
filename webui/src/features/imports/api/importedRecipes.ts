import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, importedRecipesQueryOptions, type ImportPayload, queryKeys } from '@/shared/api';
import { useSession } from '@/shared/session';
import { sortNewestFirst } from '../lib/importedData';

/** GET /user-imported-recipes: the user's imports, newest first (signed in only). */
export function useImportedRecipes() {
  const { signedIn } = useSession();
  return useQuery({
    ...importedRecipesQueryOptions(),
    select: sortNewestFirst,
    enabled: signedIn,
  });
}

/**
 * One import of the user by id: taken from the loaded list when it is there, and fetched with
 * GET /user-imported-recipes/{import_id} (e.g. after a reload).
 */
export function useImportedRecipe(id: string) {
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.importedRecipes.detail(id),
    queryFn: ({ signal }) => api.get('/user-imported-recipes/{import_id}', { params: { import_id: id }, signal }),
    initialData: () =>
      queryClient
        .getQueryData(importedRecipesQueryOptions().queryKey)
        ?.find((item) => String(item.import_recipe_id) === id),
    enabled: signedIn && id !== '',
  });
}

/** POST /user-imported-recipes {url} -> 201 {data} (also when the fetch failed: import_failed true). */
export function useImportRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post('/user-imported-recipes', { url } satisfies ImportPayload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.importedRecipes.list() }),
  });
}

/** DELETE /user-imported-recipes/{import_id} -> 204; the list is fetched again. */
export function useDeleteImported() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/user-imported-recipes/{import_id}', { params: { import_id: id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(importedRecipesQueryOptions().queryKey, (list) =>
        list ? list.filter((item) => item.import_recipe_id !== id) : list,
      );
      queryClient.removeQueries({ queryKey: queryKeys.importedRecipes.detail(String(id)) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.importedRecipes.list() });
    },
  });
}
