import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api';
import type { User } from '@/shared/session';

// Calls of the auth screens. None of them sends the bearer token.

export interface LoginPayload {
  email: string;
  password: string;
}
export interface LoginResponse {
  token: string;
  user: User;
}

export interface RegisterPayload {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  beta_code: string;
}
export interface RegisterResponse {
  message: string;
  user: User;
}

export interface ResetPasswordPayload {
  email: string;
  password: string;
  password_confirmation: string;
  token: string;
}

export interface MessageResponse {
  message: string;
}

/** POST /login */
export function loginRequest(payload: LoginPayload): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login', payload, { auth: false });
}
export function useLoginMutation() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: loginRequest });
}

/** POST /forgot-email */
export function forgotEmailRequest(payload: { email: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/forgot-email', payload, { auth: false });
}
export function useForgotEmailMutation() {
  return useMutation({ mutationKey: ['auth', 'forgot-email'], mutationFn: forgotEmailRequest });
}

/** POST /register-beta */
export function registerRequest(payload: RegisterPayload): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/register-beta', payload, { auth: false });
}
export function useRegisterMutation() {
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: registerRequest });
}

/** POST /reset-password */
export function resetPasswordRequest(payload: ResetPasswordPayload): Promise<MessageResponse> {
  return api.post<MessageResponse>('/reset-password', payload, { auth: false });
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
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => api.post<MessageResponse>('/verify-email', { token }, { auth: false }),
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
