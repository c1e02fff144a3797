import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setStoredUser, type User } from '@/shared/session';
import type { FilterPreference } from '@/shared/ui';
import { accountKeys } from './account';
import { api } from './client';

export interface SavePreferencesResponse {
  message: string;
  user: User;
}

/** PUT /account/preferences: the whole set of the account's filter preferences (ids). */
export function savePreferencesRequest(preferences: FilterPreference[]): Promise<SavePreferencesResponse> {
  return api.put<SavePreferencesResponse>('/account/preferences', { preferences });
}

/** On success the answered user replaces the stored one (and the cached account). */
export function useSavePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'preferences'],
    mutationFn: savePreferencesRequest,
    onSuccess: ({ user }) => {
      setStoredUser(user);
      queryClient.setQueryData(accountKeys.all, user);
    },
  });
}
