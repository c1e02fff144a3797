import { queryOptions, useQuery } from '@tanstack/react-query';
import { setStoredUser, type User } from '@/shared/session';
import { api } from './client';

export const accountKeys = {
  all: ['account'] as const,
};

/** GET /account: the signed-in user; a successful answer replaces the stored user. */
export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.all,
    queryFn: async ({ signal }) => {
      const user = await api.get<User>('/account', { signal });
      setStoredUser(user);
      return user;
    },
    staleTime: 60_000,
  });
}

export function useAccount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountQueryOptions(), enabled: options.enabled ?? true });
}
