import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from './client';
import { queryKeys } from './queryKeys';
import type { Envelope, PublishPayload, PublishRequestOut } from './wire';

/**
 * GET /user-recipe-creator: the user's own recipes, newest updated first. One cache entry for every
 * screen that reads it (the cookbook, a plan's search panel).
 */
export function userRecipesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.userRecipes.list(),
    queryFn: ({ signal }) => api.get('/user-recipe-creator', { signal }),
  });
}

/** GET /user-imported-recipes: the user's imported recipes (the imports screen, a plan's search panel). */
export function importedRecipesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.importedRecipes.list(),
    queryFn: ({ signal }) => api.get('/user-imported-recipes', { signal }),
  });
}

/**
 * The refusal of POST /publish-requests by the publish check: a 409 carrying the stored rejected
 * request and why (another 409, a recipe already published or waiting, carries no request).
 */
export function rejectedRequest(error: unknown): { request: PublishRequestOut; error: string | null } | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = (error.body ?? {}) as { request?: PublishRequestOut | null; error?: unknown; message?: unknown };
  if (!body.request) return null;
  const text = typeof body.error === 'string' && body.error ? body.error : typeof body.message === 'string' ? body.message : null;
  return { request: body.request, error: text };
}

/** The own recipe's row in the cached list carries `request` (made, refused or cancelled). */
export function setRecipeRequest(queryClient: QueryClient, recipeId: number, request: PublishRequestOut | null): void {
  queryClient.setQueryData(userRecipesQueryOptions().queryKey, (list) =>
    list?.map((item) => (item.user_recipe_id === recipeId ? { ...item, request } : item)),
  );
}

/**
 * POST /publish-requests {entity_id, entity_type: 'UserRecipe'} -> 201 {data: request}, from the
 * cookbook and the creator; a refused check answers 409 with the stored rejected request and
 * `error`. Either way the recipe carries a new request: its row shows it at once, the user's recipes
 * are read again (after a refusal only the recipe: the list's row already shows what the server
 * stored), and so are the administrator's request lists.
 */
export function usePublishRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (recipeId: number) => {
      const body: PublishPayload = { entity_id: recipeId, entity_type: 'UserRecipe' };
      // The server's schema declares this one answer without its model (any JSON): it is the
      // created request in its envelope.
      const answer = (await api.post('/publish-requests', body)) as Envelope<PublishRequestOut>;
      return answer.data;
    },
    onSuccess: (request, recipeId) => {
      setRecipeRequest(queryClient, recipeId, request);
      return queryClient.invalidateQueries({ queryKey: queryKeys.userRecipes.all });
    },
    onError: (error, recipeId) => {
      const rejected = rejectedRequest(error);
      if (!rejected) return queryClient.invalidateQueries({ queryKey: queryKeys.userRecipes.all });
      // The refusal carries the request as stored: the list's row takes it, the recipe is read again.
      setRecipeRequest(queryClient, recipeId, rejected.request);
      return queryClient.invalidateQueries({ queryKey: queryKeys.userRecipes.detail(recipeId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminPublishRequests.all }),
  });
}
