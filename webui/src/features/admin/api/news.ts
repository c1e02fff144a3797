import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type NewsItem, type NewsPayload, queryKeys } from '@/shared/api';

/** The administrator's calls live under /api/admin. */
const ADMIN = { base: '/api/admin' } as const;

export type AdminNewsItem = NewsItem;
export type { NewsPayload } from '@/shared/api';

/** GET /api/admin/news: every news item, newest first. */
export function adminNewsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.adminNews.all,
    queryFn: ({ signal }) => api.get<AdminNewsItem[]>('/news', { ...ADMIN, signal }),
  });
}

export function useAdminNews(enabled = true) {
  return useQuery({ ...adminNewsQueryOptions(), enabled });
}

/** After any change the list is fetched again, and /home-beta's cached answer is dropped. */
function useRefreshNews() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: queryKeys.homeBeta.all });
    await queryClient.invalidateQueries({ queryKey: queryKeys.adminNews.all });
  };
}

/** POST /api/admin/news */
export function useCreateNewsMutation() {
  const refresh = useRefreshNews();
  return useMutation({
    mutationKey: ['admin', 'news', 'create'],
    mutationFn: (payload: NewsPayload) => api.post<AdminNewsItem>('/news', payload, ADMIN),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/news/{id} */
export function useUpdateNewsMutation() {
  const refresh = useRefreshNews();
  return useMutation({
    mutationKey: ['admin', 'news', 'update'],
    mutationFn: ({ id, ...payload }: NewsPayload & { id: number }) =>
      api.put<AdminNewsItem>(`/news/${id}`, payload, ADMIN),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/news/{id} (204) */
export function useDeleteNewsMutation() {
  const refresh = useRefreshNews();
  return useMutation({
    mutationKey: ['admin', 'news', 'delete'],
    mutationFn: (id: number) => api.delete<null>(`/news/${id}`, ADMIN),
    onSuccess: refresh,
  });
}
