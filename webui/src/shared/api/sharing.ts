import { useMutation } from '@tanstack/react-query';
import { api } from './client';
import type { SharePayload } from './wire';

/**
 * PUT /share (owner only): adds, changes or drops the people a list, store or plan is shared
 * with; answers everyone it is shared with afterwards. The caller refreshes its own queries.
 */
export function useShare() {
  return useMutation({
    mutationFn: (payload: SharePayload) => api.put('/share', payload),
  });
}
