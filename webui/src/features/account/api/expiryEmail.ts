import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope, type ExpiryEmailSettings, queryKeys } from '@/shared/api';

/** GET /notifications/settings */
export function expiryEmailQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.expiryEmail.all,
    queryFn: ({ signal }) => api.get<Envelope<ExpiryEmailSettings>>('/notifications/settings', { signal }),
    select: (answer) => answer.data,
  });
}

export function useExpiryEmailSettings() {
  return useQuery(expiryEmailQueryOptions());
}

/** PUT /notifications/settings: the answer replaces the cached settings. */
export function useChangeExpiryEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['expiry-email', 'change'],
    mutationFn: (settings: ExpiryEmailSettings) =>
      api.put<Envelope<ExpiryEmailSettings>>('/notifications/settings', settings),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.expiryEmail.all, answer),
  });
}
