import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type Envelope,
  isApiError,
  type PublishPayload,
  type PublishRequestOut,
  queryKeys,
  type UserRecipeOut,
} from '@/shared/api';

/** An own recipe as the cookbook reads it (the fields it uses). */
export type UserRecipe = Omit<UserRecipeOut, 'ingredients' | 'recipe_steps'>;

/** GET /user-recipe-creator: the user's own recipes, newest updated first. */
export function useUserRecipes() {
  return useQuery({
    queryKey: queryKeys.userRecipes.list(),
    queryFn: ({ signal }) => api.get<UserRecipe[]>('/user-recipe-creator', { signal }),
  });
}

/**
 * After a successful action: the list in the cache is replaced by `update` applied to it, then
 * fetched again from the server, and so is each own recipe the editor may hold. A failed action
 * leaves it unchanged.
 */
function useReplaceList() {
  const queryClient = useQueryClient();
  return (update: (list: UserRecipe[]) => UserRecipe[]) => {
    queryClient.setQueryData<UserRecipe[]>(queryKeys.userRecipes.list(), (list) => (list ? update(list) : list));
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

const withRequest = (recipeId: number, request: PublishRequestOut | null) => (list: UserRecipe[]) =>
  list.map((item) => (item.user_recipe_id === recipeId ? { ...item, request } : item));

/**
 * The refusal of POST /publish-requests/ by the publish check: a 409 carrying the stored rejected
 * request and why (another 409, a recipe already published or waiting, carries no request).
 */
export function rejectedRequest(error: unknown): { request: PublishRequestOut; error: string | null } | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = (error.body ?? {}) as { request?: PublishRequestOut | null; error?: unknown; message?: unknown };
  if (!body.request) return null;
  const text = typeof body.error === 'string' && body.error ? body.error : typeof body.message === 'string' ? body.message : null;
  return { request: body.request, error: text };
}

/** POST /publish-requests/ {entity_id, entity_type: 'UserRecipe'} -> 201 {data: request}. */
export function usePublishRecipe() {
  const replace = useReplaceList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipeId: number) => {
      const body: PublishPayload = { entity_id: recipeId, entity_type: 'UserRecipe' };
      return api.post<Envelope<PublishRequestOut>>('/publish-requests/', body);
    },
    onSuccess: (answer, recipeId) => replace(withRequest(recipeId, answer.data)),
    onError: (error, recipeId) => {
      // A refused request comes back with the (rejected) request: the recipe keeps that one.
      const rejected = rejectedRequest(error);
      if (rejected?.request) {
        queryClient.setQueryData<UserRecipe[]>(queryKeys.userRecipes.list(), (list) =>
          list ? withRequest(recipeId, rejected.request)(list) : list,
        );
      }
    },
    onSettled: () => refreshRequests(queryClient),
  });
}

/** GET /publish-requests/{id}/cancel -> {data: request (cancelled)}. */
export function useCancelRequest() {
  const replace = useReplaceList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipe: UserRecipe) =>
      api.get<Envelope<PublishRequestOut>>(`/publish-requests/${recipe.request?.id ?? 0}/cancel`),
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
    mutationFn: (recipeId: number) => api.put<Envelope<UserRecipe>>('/publish-requests/unpublish', recipeId),
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

/** DELETE /user-recipe-creator/{id} -> 204 (a published recipe leaves the catalogue, an open request is cancelled). */
export function useDeleteUserRecipe() {
  const replace = useReplaceList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipe: Pick<UserRecipe, 'user_recipe_id' | 'published'>) =>
      api.delete<null>(`/user-recipe-creator/${recipe.user_recipe_id}`),
    onSuccess: (_answer, recipe) => {
      replace((list) => list.filter((item) => item.user_recipe_id !== recipe.user_recipe_id));
      queryClient.removeQueries({ queryKey: queryKeys.userRecipes.detail(recipe.user_recipe_id) });
      refreshRequests(queryClient);
      if (recipe.published) refreshCatalogue(queryClient);
    },
  });
}
