import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@/shared/api';

export type { InboxMessage } from '@/shared/api';

/** GET /api/admin/inbox: the newest contact messages and bug reports (at most 200), newest first. */
export function adminInboxQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.adminInbox.all,
    queryFn: ({ signal }) => api.get('/api/admin/inbox', { signal }),
  });
}

export function useAdminInbox() {
  return useQuery(adminInboxQueryOptions());
}
