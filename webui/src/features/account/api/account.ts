import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, api } from '@/shared/api';
import { setStoredUser, type User } from '@/shared/session';

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
