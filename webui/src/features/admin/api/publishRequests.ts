import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminPublishRequest as AdminPublishRequestOut,
  api,
  isApiError,
  queryKeys,
  type RejectPayload,
  type UserRecipeOut,
  type ValidateResult,
} from '@/shared/api';

/** Which requests the list shows: `pending` (the default of the API) or `all`. */
export type PublishRequestFilter = 'pending' | 'all';

/** The parts of the author's recipe (UserRecipeOut) the moderation screen shows. */
export type AdminRecipe = Omit<UserRecipeOut, 'recipe_ingredients' | 'recipe_steps' | 'tags' | 'request'>;

/** The parts of the publish check (the answer of /user-recipe-validate) the screen shows. */
export type PublishCheck = Pick<ValidateResult, 'banned_words' | 'name_taken' | 'custom_ingredients' | 'errors'>;

/** A publish request with its author, the request's recipe and the publish check run on it. */
export type AdminPublishRequest = Omit<AdminPublishRequestOut, 'recipe' | 'check'> & {
  recipe: AdminRecipe;
  check: PublishCheck;
};

export const REASON_MAX = 500;

/** GET /api/admin/publish-requests?status=pending|all */
export function adminPublishRequestsQueryOptions(status: PublishRequestFilter) {
  return queryOptions({
    queryKey: queryKeys.adminPublishRequests.list(status),
    queryFn: ({ signal }) =>
      api.get('/api/admin/publish-requests', { query: { status }, signal }),
  });
}

export function useAdminPublishRequests(status: PublishRequestFilter) {
  return useQuery(adminPublishRequestsQueryOptions(status));
}

/** Both lists (pending and all) are fetched again after an action. */
function useRefreshRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.adminPublishRequests.all });
}

/**
 * A 409 means the request was handled elsewhere meanwhile (approved, rejected, cancelled or
 * edited by its author): the list is stale, so it is fetched again too.
 */
function refreshOnConflict(refresh: () => Promise<void>) {
  return (error: unknown) => {
    if (isApiError(error) && error.status === 409) void refresh();
  };
}

/** POST /api/admin/publish-requests/{id}/approve: the recipe joins the catalogue. */
export function useApprovePublishRequestMutation() {
  const refresh = useRefreshRequests();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'publish-requests', 'approve'],
    mutationFn: (id: number) =>
      api.post('/api/admin/publish-requests/{request_id}/approve', undefined, { params: { request_id: id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.homeBeta.all });
      return refresh();
    },
    onError: refreshOnConflict(refresh),
  });
}

/** POST /api/admin/publish-requests/{id}/reject {reason} */
export function useRejectPublishRequestMutation() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationKey: ['admin', 'publish-requests', 'reject'],
    mutationFn: ({ id, reason }: { id: number } & RejectPayload) =>
      api.post('/api/admin/publish-requests/{request_id}/reject', { reason }, { params: { request_id: id } }),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}
