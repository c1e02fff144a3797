import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/shared/api';
import type { PublishRequestOut, UserRecipeOut, ValidateResult } from '@/shared/recipe';

/** The administrator's calls live under /api/admin. */
const ADMIN = { base: '/api/admin' } as const;

/** Which requests the list shows: `pending` (the default of the API) or `all`. */
export type PublishRequestFilter = 'pending' | 'all';

/** The parts of the author's recipe (UserRecipeOut) the moderation screen shows. */
export type AdminRecipe = Omit<UserRecipeOut, 'recipe_ingredients' | 'tags' | 'request'>;

export interface AdminPublishRequest extends PublishRequestOut {
  author: { id: number; name: string; email: string };
  recipe: AdminRecipe;
  /** The publish check (the answer of /user-recipe-validate) run on the request's recipe. */
  check: ValidateResult;
}

export const REASON_MAX = 500;

export const adminPublishRequestKeys = {
  all: ['admin', 'publish-requests'] as const,
  list: (status: PublishRequestFilter) => [...adminPublishRequestKeys.all, status] as const,
};

/** GET /api/admin/publish-requests?status=pending|all */
export function adminPublishRequestsQueryOptions(status: PublishRequestFilter) {
  return queryOptions({
    queryKey: adminPublishRequestKeys.list(status),
    queryFn: ({ signal }) =>
      api.get<AdminPublishRequest[]>(`/publish-requests?status=${status}`, { ...ADMIN, signal }),
  });
}

export function useAdminPublishRequests(status: PublishRequestFilter) {
  return useQuery(adminPublishRequestsQueryOptions(status));
}

/** Both lists (pending and all) are fetched again after an action. */
function useRefreshRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminPublishRequestKeys.all });
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

/** POST /api/admin/publish-requests/{id}/approve */
export function useApprovePublishRequestMutation() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationKey: ['admin', 'publish-requests', 'approve'],
    mutationFn: (id: number) =>
      api.post<{ data: AdminPublishRequest }>(`/publish-requests/${id}/approve`, undefined, ADMIN),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

/** POST /api/admin/publish-requests/{id}/reject {reason} */
export function useRejectPublishRequestMutation() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationKey: ['admin', 'publish-requests', 'reject'],
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<{ data: AdminPublishRequest }>(`/publish-requests/${id}/reject`, { reason }, ADMIN),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}
