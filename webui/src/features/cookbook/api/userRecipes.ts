import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/shared/api';
import { postPublishRequest, type PublishRequestOut, type UserRecipeOut } from '@/shared/recipe';

/** An own recipe as the cookbook reads it (the fields it uses). */
export type UserRecipe = Omit<UserRecipeOut, 'ingredients'>;

export const userRecipeKeys = {
  all: ['user-recipes'] as const,
  list: ['user-recipes', 'list'] as const,
};

/** GET /user-recipe-creator: the user's own recipes, newest updated first. */
export function useUserRecipes() {
  return useQuery({
    queryKey: userRecipeKeys.list,
    queryFn: ({ signal }) => api.get<UserRecipe[]>('/user-recipe-creator', { signal }),
  });
}

/**
 * After a successful action: the list in the cache is replaced by `update` applied to it, then
 * fetched again from the server. A failed action leaves it unchanged.
 */
function useReplaceList() {
  const queryClient = useQueryClient();
  return (update: (list: UserRecipe[]) => UserRecipe[]) => {
    queryClient.setQueryData<UserRecipe[]>(userRecipeKeys.list, (list) => (list ? update(list) : list));
    void queryClient.invalidateQueries({ queryKey: userRecipeKeys.list });
  };
}

const withRequest = (recipeId: number, request: PublishRequestOut | null) => (list: UserRecipe[]) =>
  list.map((item) => (item.user_recipe_id === recipeId ? { ...item, request } : item));

/** The request a 422 answer of POST /publish-requests/ carries (the stored rejected request), if any. */
export function rejectedRequest(error: unknown): { request: PublishRequestOut | null; error: string | null } | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const body = (error.body ?? {}) as { request?: PublishRequestOut | null; error?: unknown; message?: unknown };
  const text = typeof body.error === 'string' && body.error ? body.error : typeof body.message === 'string' ? body.message : null;
  return { request: body.request ?? null, error: text };
}

/** POST /publish-requests/ {entity_id, entity_type: 'UserRecipe'} -> 201 {data: request}. */
export function usePublishRecipe() {
  const replace = useReplaceList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipeId: number) => postPublishRequest(recipeId),
    onSuccess: (answer, recipeId) => replace(withRequest(recipeId, answer.data)),
    onError: (error, recipeId) => {
      // A refused request comes back with the (rejected) request: the recipe keeps that one.
      const rejected = rejectedRequest(error);
      if (rejected?.request) {
        queryClient.setQueryData<UserRecipe[]>(userRecipeKeys.list, (list) =>
          list ? withRequest(recipeId, rejected.request)(list) : list,
        );
      }
    },
  });
}

/** GET /publish-requests/{id}/cancel -> {data: request (cancelled)}. */
export function useCancelRequest() {
  const replace = useReplaceList();
  return useMutation({
    mutationFn: (recipe: UserRecipe) =>
      api.get<{ data: PublishRequestOut }>(`/publish-requests/${recipe.request?.id ?? 0}/cancel`),
    onSuccess: (_answer, recipe) => replace(withRequest(recipe.user_recipe_id, null)),
  });
}

/** PUT /publish-requests/unpublish with the recipe id as the body -> {data: UserRecipeOut}. */
export function useUnpublishRecipe() {
  const replace = useReplaceList();
  return useMutation({
    mutationFn: (recipeId: number) => api.put<{ data: UserRecipe }>('/publish-requests/unpublish', recipeId),
    onSuccess: (answer, recipeId) =>
      replace((list) =>
        list.map((item) =>
          item.user_recipe_id === recipeId ? (answer.data ?? { ...item, published: false, recipe_id: null }) : item,
        ),
      ),
  });
}

/** DELETE /user-recipe-creator/{id} -> 204. */
export function useDeleteUserRecipe() {
  const replace = useReplaceList();
  return useMutation({
    mutationFn: (recipeId: number) => api.delete<null>(`/user-recipe-creator/${recipeId}`),
    onSuccess: (_answer, recipeId) => replace((list) => list.filter((item) => item.user_recipe_id !== recipeId)),
  });
}
