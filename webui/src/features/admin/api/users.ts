import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys, type User } from '@/shared/api';

/** The administrator's calls live under /api/admin. */
const ADMIN = { base: '/api/admin' } as const;

export type AdminUser = User;

/** GET /api/admin/users: every account, oldest first. */
export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.adminUsers.all,
    queryFn: ({ signal }) => api.get<AdminUser[]>('/users', { ...ADMIN, signal }),
  });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}

/**
 * DELETE /api/admin/users/{id} (204): the account and everything it owns. 409 for the caller's own
 * account or the last administrator. After a deletion every cached answer is stale (what the
 * account shared with the administrator is gone too); after a refusal the list is fetched again.
 */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', 'delete'],
    mutationFn: (id: number) => api.delete<null>(`/users/${id}`, ADMIN),
    onSuccess: () => queryClient.invalidateQueries(),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }),
  });
}
