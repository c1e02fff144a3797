import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope, queryKeys, type Store } from '@/shared/api';

/**
 * GET /stores: the food stores the user can see (cached under the stores' own key, so the store
 * screens and this feature share one answer). Read here to choose where a shop is stored.
 */
export function storesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.stores.list(),
    queryFn: ({ signal }) => api.get<Envelope<Store[]>>('/stores', { signal }),
    networkMode: 'offlineFirst',
  });
}

/** The stores a shop can be stored into: own ones and those shared with edit rights. */
export function useWritableStores(enabled = true) {
  return useQuery({
    ...storesQueryOptions(),
    select: (answer) => answer.data.filter((store) => store.role === 'owner' || store.role === 'editor'),
    enabled,
  });
}
