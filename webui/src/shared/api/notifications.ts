import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';

/**
 * GET /notifications: the items that expired and those about to (the server's notification
 * windows), across the stores the user sees. Read by the notifications page and by the side menu,
 * which shows how many there are.
 */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.all,
    queryFn: ({ signal }) => api.get('/notifications', { signal }),
    select: (answer) => answer.data,
    staleTime: 60_000,
    networkMode: 'offlineFirst',
  });
}

export function useNotifications(options: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationsQueryOptions(), enabled: options.enabled ?? true });
}

/** The number of expired plus expiring items (0 until loaded). */
export function useExpiryCount(options: { enabled?: boolean } = {}) {
  const { data } = useNotifications(options);
  return data ? data.expired.length + data.expiring.length : 0;
}
