import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, api } from '@/shared/api';
import { setStoredUser, type User } from '@/shared/session';
import type { FilterPreference } from '@/shared/ui';

export interface UpdateAccountPayload {
  email: string;
  name: string;
}
export interface UpdateAccountResponse {
  message: string;
  user: User;
}
export interface ChangePasswordPayload {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/** PUT /account/update */
export function updateAccountRequest(payload: UpdateAccountPayload): Promise<UpdateAccountResponse> {
  return api.put<UpdateAccountResponse>('/account/update', payload);
}

/** On success the answer's user is stored, then the account is fetched again. */
export function useUpdateAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'update'],
    mutationFn: updateAccountRequest,
    onSuccess: async ({ user }) => {
      if (user) setStoredUser(user);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

/** PUT /account/change-password */
export function changePasswordRequest(payload: ChangePasswordPayload): Promise<{ message: string }> {
  return api.put<{ message: string }>('/account/change-password', payload);
}

export function useChangePasswordMutation() {
  return useMutation({ mutationKey: ['account', 'change-password'], mutationFn: changePasswordRequest });
}

export interface UpdatePreferencesResponse {
  message: string;
  user: User;
}

/** PUT /account/preferences: the whole set of filter preferences (ids). */
export function updatePreferencesRequest(preferences: FilterPreference[]): Promise<UpdatePreferencesResponse> {
  return api.put<UpdatePreferencesResponse>('/account/preferences', { preferences });
}

/** On success the answered user replaces the stored one (and the cached account). */
export function useUpdatePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'preferences'],
    mutationFn: updatePreferencesRequest,
    onSuccess: ({ user }) => {
      if (user) {
        setStoredUser(user);
        queryClient.setQueryData(accountKeys.all, user);
      }
    },
  });
}
