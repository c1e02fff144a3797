import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ExpiryEmailSettings, queryKeys } from '@/shared/api';

/** The server's defaults of a setting its answer leaves out (the schema's `default`s). */
const DEFAULT_SETTINGS: ExpiryEmailSettings = { expiry_email: false, expiry_email_hour: 8 };

/** GET /notifications/settings */
export function expiryEmailQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.expiryEmail.all,
    queryFn: ({ signal }) => api.get('/notifications/settings', { signal }),
    select: (answer): ExpiryEmailSettings => ({ ...DEFAULT_SETTINGS, ...answer.data }),
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
    mutationFn: (settings: ExpiryEmailSettings) => api.put('/notifications/settings', settings),
    onSuccess: (answer) => queryClient.setQueryData(expiryEmailQueryOptions().queryKey, answer),
  });
}
