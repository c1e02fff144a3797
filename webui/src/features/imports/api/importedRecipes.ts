import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api';
import { importedKeys, type ImportedRecipe } from '@/shared/recipe';

/** POST /user-imported-recipes {url} -> 201 {data} (also when the fetch failed: import_failed true). */
export function useImportRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post<{ data: ImportedRecipe }>('/user-imported-recipes', { url }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importedKeys.list }),
  });
}

/** DELETE /user-imported-recipes/{id} -> 204; the list is fetched again. */
export function useDeleteImported() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/user-imported-recipes/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ImportedRecipe[]>(importedKeys.list, (list) =>
        list ? list.filter((item) => item.import_recipe_id !== id) : list,
      );
      queryClient.removeQueries({ queryKey: importedKeys.one(String(id)) });
      return queryClient.invalidateQueries({ queryKey: importedKeys.list });
    },
  });
}
