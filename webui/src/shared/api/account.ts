import { queryOptions, useQuery } from '@tanstack/react-query';
import { setStoredUser } from '@/shared/session';
import { api } from './client';
import { queryKeys } from './queryKeys';

/** GET /account: the signed-in user; a successful answer replaces the stored user. */
export function accountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.account.all,
    queryFn: async ({ signal }) => {
      const user = await api.get('/account', { signal });
      setStoredUser(user);
      return user;
    },
    staleTime: 60_000,
  });
}

export function useAccount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountQueryOptions(), enabled: options.enabled ?? true });
}
