import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, getToken } from '@/shared/session';
import { api } from './client';
import type { MessageResponse } from './wire';

/** POST /logout. */
export function logoutRequest(): Promise<MessageResponse> {
  return api.post('/logout', undefined, { skipAuthRedirect: true });
}

export function useLogoutMutation() {
  return useMutation({ mutationKey: ['logout'], mutationFn: logoutRequest });
}

/**
 * Client logout: tell the server (a failure is ignored), clear token, user and saved recipes,
 * clear the query cache and go to /login.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync } = useLogoutMutation();
  return useCallback(async () => {
    if (getToken()) {
      try {
        await mutateAsync();
      } catch {
        // Signing out locally is what matters.
      }
    }
    clearSession('logout');
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [mutateAsync, navigate, queryClient]);
}
