import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import type { Store } from './wire';

/**
 * GET /stores: the user's own stores (first) and those shared with them, each with its stock. One
 * cache entry for every screen that reads it (the store screens, where a shop is stored).
 */
export function storesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.stores.list(),
    queryFn: ({ signal }) => api.get('/stores', { signal }),
    // Tried even when the browser says it is offline: the service worker may answer from its cache.
    networkMode: 'offlineFirst',
  });
}

/** True when the user may change the store's stock: its owner, or a person it is shared with with edit rights. */
export function canEditStore(store: Pick<Store, 'role'>): boolean {
  return store.role === 'owner' || store.role === 'editor';
}
