import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type InboxMessage, queryKeys } from '@/shared/api';

/** The administrator's calls live under /api/admin. */
const ADMIN = { base: '/api/admin' } as const;

export type { InboxMessage } from '@/shared/api';

/** GET /api/admin/inbox: the newest contact messages and bug reports (at most 200), newest first. */
export function adminInboxQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.adminInbox.all,
    queryFn: ({ signal }) => api.get<InboxMessage[]>('/inbox', { ...ADMIN, signal }),
  });
}

export function useAdminInbox() {
  return useQuery(adminInboxQueryOptions());
}
