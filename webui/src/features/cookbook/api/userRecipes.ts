import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type PublishRequestOut,
  queryKeys,
  type UserRecipeOut,
  userRecipesQueryOptions,
} from '@/shared/api';

/** An own recipe as the cookbook reads it (the fields it uses). */
export type UserRecipe = Omit<UserRecipeOut, 'ingredients' | 'recipe_steps'>;

/** GET /user-recipe-creator: the user's own recipes, newest updated first. */
export function useUserRecipes() {
  return useQuery(userRecipesQueryOptions());
}

/**
 * After a successful action: the list in the cache is replaced by `update` applied to it, then
 * fetched again from the server, and so is each own recipe the editor may hold. A failed action
 * leaves it unchanged.
 */
function useReplaceList() {
  const queryClient = useQueryClient();
  return (update: (list: UserRecipeOut[]) => UserRecipeOut[]) => {
    queryClient.setQueryData(userRecipesQueryOptions().queryKey, (list) => (list ? update(list) : list));
    void queryClient.invalidateQueries({ queryKey: queryKeys.userRecipes.all });
  };
}

/** A publish request was made, cancelled or refused: the administrator's lists change. */
function refreshRequests(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.adminPublishRequests.all });
}

/** A published recipe was withdrawn (unpublished or deleted): the catalogue's lists change. */
function refreshCatalogue(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.savedRecipes.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.homeBeta.all });
}

const withRequest = (recipeId: number, request: PublishRequestOut | null) => (list: UserRecipeOut[]) =>
  list.map((item) => (item.user_recipe_id === recipeId ? { ...item, request } : item));

/** GET /publish-requests/{request_id}/cancel -> {data: request (cancelled)}. */
export function useCancelRequest() {
  const replace = useReplaceList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipe: UserRecipe) =>
      api.get('/publish-requests/{request_id}/cancel', { params: { request_id: recipe.request?.id ?? 0 } }),
    onSuccess: (_answer, recipe) => {
      replace(withRequest(recipe.user_recipe_id, null));
      refreshRequests(queryClient);
    },
  });
}

/** PUT /publish-requests/unpublish with the recipe id as the body -> {data: UserRecipeOut}. */
export function useUnpublishRecipe() {
  const replace = useReplaceList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipeId: number) => api.put('/publish-requests/unpublish', recipeId),
    onSuccess: (answer, recipeId) => {
      replace((list) =>
        list.map((item) =>
          item.user_recipe_id === recipeId ? (answer.data ?? { ...item, published: false, recipe_id: null }) : item,
        ),
      );
      refreshCatalogue(queryClient);
    },
  });
}

/** DELETE /user-recipe-creator/{user_recipe_id} -> 204 (a published recipe leaves the catalogue, an open request is cancelled). */
export function useDeleteUserRecipe() {
  const replace = useReplaceList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipe: Pick<UserRecipe, 'user_recipe_id' | 'published'>) =>
      api.delete('/user-recipe-creator/{user_recipe_id}', { params: { user_recipe_id: recipe.user_recipe_id } }),
    onSuccess: (_answer, recipe) => {
      replace((list) => list.filter((item) => item.user_recipe_id !== recipe.user_recipe_id));
      queryClient.removeQueries({ queryKey: queryKeys.userRecipes.detail(recipe.user_recipe_id) });
      refreshRequests(queryClient);
      if (recipe.published) refreshCatalogue(queryClient);
    },
  });
}
