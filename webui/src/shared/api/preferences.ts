import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setStoredUser } from '@/shared/session';
import type { FilterPreference } from '@/shared/ui';
import { api } from './client';
import { queryKeys } from './queryKeys';
import type { AccountResponse, PreferencesPayload } from './wire';

export type SavePreferencesResponse = AccountResponse;

/** PUT /account/preferences: the whole set of the account's filter preferences (ids). */
export function savePreferencesRequest(preferences: FilterPreference[]): Promise<SavePreferencesResponse> {
  const body: PreferencesPayload = { preferences };
  return api.put('/account/preferences', body);
}

/** On success the answered user replaces the stored one (and the cached account). */
export function useSavePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'preferences'],
    mutationFn: savePreferencesRequest,
    onSuccess: ({ user }) => {
      setStoredUser(user);
      queryClient.setQueryData(queryKeys.account.all, user);
    },
  });
}
