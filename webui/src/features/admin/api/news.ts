import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type NewsItem, type NewsPayload, queryKeys } from '@/shared/api';

export type AdminNewsItem = NewsItem;
export type { NewsPayload } from '@/shared/api';

/** GET /api/admin/news: every news item, newest first. */
export function adminNewsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.adminNews.all,
    queryFn: ({ signal }) => api.get('/api/admin/news', { signal }),
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
    mutationFn: (payload: NewsPayload) => api.post('/api/admin/news', payload),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/news/{id} */
export function useUpdateNewsMutation() {
  const refresh = useRefreshNews();
  return useMutation({
    mutationKey: ['admin', 'news', 'update'],
    mutationFn: ({ id, ...payload }: NewsPayload & { id: number }) =>
      api.put('/api/admin/news/{news_id}', payload, { params: { news_id: id } }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/news/{id} (204) */
export function useDeleteNewsMutation() {
  const refresh = useRefreshNews();
  return useMutation({
    mutationKey: ['admin', 'news', 'delete'],
    mutationFn: (id: number) => api.delete('/api/admin/news/{news_id}', { params: { news_id: id } }),
    onSuccess: refresh,
  });
}
