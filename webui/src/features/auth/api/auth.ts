import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  api,
  type ForgotPasswordPayload,
  type LoginPayload,
  type LoginResponse,
  type MessageResponse,
  queryKeys,
  type RegisterPayload,
  type RegisterResponse,
  type ResetPasswordPayload,
  type VerifyEmailPayload,
} from '@/shared/api';

// Calls of the auth screens. None of them sends the bearer token.

export type {
  LoginPayload,
  LoginResponse,
  MessageResponse,
  RegisterPayload,
  RegisterResponse,
  ResetPasswordPayload,
} from '@/shared/api';

/** POST /login */
export function loginRequest(payload: LoginPayload): Promise<LoginResponse> {
  return api.post('/login', payload, { auth: false });
}
export function useLoginMutation() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: loginRequest });
}

/** POST /forgot-email */
export function forgotEmailRequest(payload: ForgotPasswordPayload): Promise<MessageResponse> {
  return api.post('/forgot-email', payload, { auth: false });
}
export function useForgotEmailMutation() {
  return useMutation({ mutationKey: ['auth', 'forgot-email'], mutationFn: forgotEmailRequest });
}

/** POST /register-beta */
export function registerRequest(payload: RegisterPayload): Promise<RegisterResponse> {
  return api.post('/register-beta', payload, { auth: false });
}
export function useRegisterMutation() {
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: registerRequest });
}

/** POST /reset-password */
export function resetPasswordRequest(payload: ResetPasswordPayload): Promise<MessageResponse> {
  return api.post('/reset-password', payload, { auth: false });
}
export function useResetPasswordMutation() {
  return useMutation({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPasswordRequest });
}

/**
 * POST /verify-email, as a query keyed by the token: it runs once per token (also under React's
 * strict double effects) and is never retried or refetched.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.auth.verifyEmail(token),
    queryFn: () => {
      const body: VerifyEmailPayload = { token };
      return api.post('/verify-email', body, { auth: false });
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
export function useVerifyEmail(token: string, enabled: boolean) {
  return useQuery({ ...verifyEmailQueryOptions(token), enabled });
}
