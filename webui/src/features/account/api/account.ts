import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AccountResponse,
  api,
  type ChangePasswordPayload,
  isApiError,
  type MessageResponse,
  queryKeys,
  type UpdateAccountPayload,
} from '@/shared/api';
import { setStoredUser } from '@/shared/session';

export type { ChangePasswordPayload, UpdateAccountPayload } from '@/shared/api';
export type UpdateAccountResponse = AccountResponse;

/** PUT /account/update */
export function updateAccountRequest(payload: UpdateAccountPayload): Promise<UpdateAccountResponse> {
  return api.put('/account/update', payload);
}

/** On success the answer's user is stored, then the account is fetched again. */
export function useUpdateAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'update'],
    mutationFn: updateAccountRequest,
    onSuccess: async ({ user }) => {
      if (user) setStoredUser(user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.all });
    },
  });
}

/** PUT /account/change-password */
export function changePasswordRequest(payload: ChangePasswordPayload): Promise<MessageResponse> {
  return api.put('/account/change-password', payload);
}

export function useChangePasswordMutation() {
  return useMutation({ mutationKey: ['account', 'change-password'], mutationFn: changePasswordRequest });
}

/** POST /resend-verification: a new verification link to the account's current, unverified address. */
export function resendVerificationRequest(): Promise<MessageResponse> {
  return api.post('/resend-verification');
}

/**
 * A 409 means the address was verified meanwhile (the link opened elsewhere): the account is fetched
 * again, without waiting, so the caller's own error callback still runs before the notice goes away.
 */
export function useResendVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'resend-verification'],
    mutationFn: resendVerificationRequest,
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.account.all });
      }
    },
  });
}
