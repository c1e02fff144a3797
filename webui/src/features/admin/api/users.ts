import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys, type User } from '@/shared/api';

export type AdminUser = User;

/** GET /api/admin/users: every account, oldest first. */
export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.adminUsers.all,
    queryFn: ({ signal }) => api.get('/api/admin/users', { signal }),
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
    mutationFn: (id: number) => api.delete('/api/admin/users/{user_id}', { params: { user_id: id } }),
    onSuccess: () => queryClient.invalidateQueries(),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }),
  });
}
