import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type Store,
  queryKeys,
  type SetDefaultPayload,
  type StockPayload,
  type StorePayload,
  type StoreUpdatePayload,
  storesQueryOptions,
} from '@/shared/api';

export function useStores() {
  return useQuery({ ...storesQueryOptions(), select: (answer) => answer.data });
}

/** GET /stores/{store_id}: one store with its stock. */
export function storeQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.stores.detail(id),
    queryFn: async ({ signal }) => (await api.get('/stores/{store_id}', { params: { store_id: id }, signal })).data,
    networkMode: 'offlineFirst',
  });
}

export function useStore(id: number) {
  return useQuery({ ...storeQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/**
 * A store as answered after a write: it replaces the cached store (and its entry in the list),
 * then the list, the notifications and the suggestions are fetched again (badge counts, expiry
 * and the stock the suggestions are ranked by changed).
 */
export function storeSaved(queryClient: QueryClient, store: Store) {
  queryClient.setQueryData(storeQueryOptions(store.id).queryKey, store);
  queryClient.setQueryData(storesQueryOptions().queryKey, (answer) =>
    answer ? { data: answer.data.map((s) => (s.id === store.id ? store : s)) } : answer,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.stores.list() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.suggestions.all });
}

/** PUT /stores/{id}: changed items (with id), added stock (without), items_to_remove, store fields. */
export async function updateStore(queryClient: QueryClient, id: number, payload: StoreUpdatePayload): Promise<Store> {
  const answer = await api.put('/stores/{store_id}', payload, { params: { store_id: id } });
  storeSaved(queryClient, answer.data);
  return answer.data;
}

export function useUpdateStore(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['stores', 'update', id],
    mutationFn: (payload: StoreUpdatePayload) => updateStore(queryClient, id, payload),
  });
}

/**
 * POST /stores/{id}/items {items}: stock received by the merge rule (date_added now, expiry by the
 * store's kind). Items are `{value, quantity, unit}` for a catalogue ingredient, `{name, quantity,
 * unit}` for a new custom item. The store's queries, the notifications and the dashboard (its
 * default-store card counts items) are refreshed.
 */
export async function receiveStock(queryClient: QueryClient, id: number, payload: StockPayload): Promise<Store> {
  const answer = await api.post('/stores/{store_id}/items', payload, { params: { store_id: id } });
  storeSaved(queryClient, answer.data);
  void queryClient.invalidateQueries({ queryKey: queryKeys.stores.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
  return answer.data;
}

export function useReceiveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['stores', 'receive'],
    mutationFn: ({ storeId, payload }: { storeId: number; payload: StockPayload }) =>
      receiveStock(queryClient, storeId, payload),
  });
}

/** POST /stores {name, description, kind} -> 201 {data: store}. */
export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['stores', 'create'],
    mutationFn: async (payload: StorePayload) => (await api.post('/stores', payload)).data,
    onSuccess: (store) => {
      queryClient.setQueryData(queryKeys.stores.detail(store.id), store);
      void queryClient.invalidateQueries({ queryKey: queryKeys.stores.list() });
    },
  });
}

/**
 * Every store's `default` and the lists change: the stores, the notifications and the suggestions
 * (a store gone takes its stock with it) are fetched again.
 */
function refreshAll(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.stores.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.suggestions.all });
}

/** DELETE /stores/{id} (refused for the caller's default store). */
export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['stores', 'delete'],
    mutationFn: (id: number) => api.delete('/stores/{store_id}', { params: { store_id: id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(storesQueryOptions().queryKey, (answer) =>
        answer ? { data: answer.data.filter((s) => s.id !== id) } : answer,
      );
      queryClient.removeQueries({ queryKey: queryKeys.stores.detail(id) });
      refreshAll(queryClient);
    },
  });
}

/** PUT /share/default {entity_id, entity_type: 'UserFoodStore'}: the user's default store. */
export function useSetDefaultStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['stores', 'default'],
    mutationFn: (id: number) => {
      const body: SetDefaultPayload = { entity_id: id, entity_type: 'UserFoodStore' };
      return api.put('/share/default', body);
    },
    onSuccess: () => refreshAll(queryClient),
  });
}

/** PUT /share/remove {entity_id, entity_type: 'UserFoodStore'}: a store shared with the user leaves their stores. */
export function useRemoveSharedStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['stores', 'remove'],
    mutationFn: (id: number) => api.put('/share/remove', { entity_id: id, entity_type: 'UserFoodStore' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(storesQueryOptions().queryKey, (answer) =>
        answer ? { data: answer.data.filter((s) => s.id !== id) } : answer,
      );
      queryClient.removeQueries({ queryKey: queryKeys.stores.detail(id) });
      refreshAll(queryClient);
    },
  });
}
