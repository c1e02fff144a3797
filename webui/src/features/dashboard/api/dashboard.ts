import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@/shared/api';

/**
 * GET /dashboard: everything the dashboard shows in one answer — today's and tomorrow's planned
 * recipes, the user's own and shared lists (newest change first) with their item counts, and their
 * default store's card.
 */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.all,
    queryFn: ({ signal }) => api.get('/dashboard', { signal }),
    select: (answer) => answer.data,
    // Tried even when the browser says it is offline: the service worker may answer from its cache.
    networkMode: 'offlineFirst',
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
