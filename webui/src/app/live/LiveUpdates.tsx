import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/shared/session';
import { startLiveUpdates } from './liveUpdates';

/** While signed in, the household's lists and stores follow the live event stream. */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => (token ? startLiveUpdates(queryClient, token) : undefined), [queryClient, token]);
  return null;
}
