import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/shared/api';

/** The administrator's calls live under /api/admin. */
const ADMIN = { base: '/api/admin' } as const;

export type PublishRequestStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

/** Which requests the list shows: `pending` (the default of the API) or `all`. */
export type PublishRequestFilter = 'pending' | 'all';

export interface AdminRecipeIngredient {
  value: number | null;
  name: string;
  quantity: number;
  measurement: string | null;
  treatment: string | null;
  image: string | null;
  default_unit: string | null;
  custom: boolean;
}

export interface AdminRecipeStep {
  id: string;
  step_order: number;
  title: string;
  description: string;
  timer: string | null;
  step_image: string | null;
}

/** The parts of the author's recipe (UserRecipeOut) the moderation screen shows. */
export interface AdminRecipe {
  user_recipe_id: number;
  name: string;
  description: string;
  image: string | null;
  serves: number;
  category_id: number | null;
  category: { category_id: number; name: string } | null;
  ingredients: AdminRecipeIngredient[];
  steps: AdminRecipeStep[];
  published: boolean;
  recipe_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The publish check (the answer of /user-recipe-validate) run on the request's recipe. */
export interface PublishCheck {
  banned_words: string[];
  name_taken: boolean;
  custom_ingredients: string[];
  errors: string[];
}

export interface AdminPublishRequest {
  id: number;
  entity_id: number;
  entity_type: 'UserRecipe';
  status: PublishRequestStatus;
  created_at: string;
  updated_at: string;
  /** The rejection reason or the failed check's text. */
  error: string | null;
  author: { id: number; name: string; email: string };
  recipe: AdminRecipe;
  check: PublishCheck;
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
