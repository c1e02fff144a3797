import { type QueryClient, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  listChangesKey,
  moreChangesPending,
  pollWhileDown,
  queryKeys,
  type ShoppingList,
  type ShoppingListPayload,
  type ShoppingListUpdatePayload,
  shoppingListQueryOptions,
  shoppingListsQueryOptions,
  storeList,
} from '@/shared/api';

/** A list someone else can change is fetched again this often (spec part 2 §4, §9). */
export const SHARED_LIST_REFRESH_MS = 30_000;

export function useShoppingLists() {
  return useQuery({ ...shoppingListsQueryOptions(), select: (answer) => answer.data });
}

/** True when other people can change the list: it is someone else's, or shared by its owner. */
export function isSharedList(list: Pick<ShoppingList, 'role' | 'shared_with'>): boolean {
  return list.role !== 'owner' || list.shared_with.length > 0;
}

/**
 * One list; a shared list is fetched again every 30 s while it is on screen and live changes are
 * not arriving (when they are, each change of the list refreshes it at once).
 */
export function useShoppingList(id: number) {
  return useQuery({
    ...shoppingListQueryOptions(id),
    select: (answer) => answer.shopping_list,
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => {
      const list = query.state.data?.shopping_list;
      return list && isSharedList(list) ? pollWhileDown(SHARED_LIST_REFRESH_MS) : false;
    },
  });
}

/** POST /user-shoppinglists {name, ingredients} -> 201 {data: list}. */
export function useCreateShoppingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ShoppingListPayload) => api.post('/user-shoppinglists', payload),
    onSuccess: (answer) => storeList(queryClient, answer.data),
  });
}

/**
 * The change applied to the list on screen before the server answers, so quick taps build on
 * each other: quantities of items already there, and removals. New items wait for the server
 * (it makes their values and fills their fields).
 */
export function applyLocally(list: ShoppingList, payload: ShoppingListUpdatePayload): ShoppingList {
  const removed = new Set((payload.ingredients_to_remove ?? []).map(String));
  const changed = new Map(
    (payload.ingredients ?? [])
      .filter((item) => item.value !== undefined && item.value !== null)
      .map((item) => [String(item.value), item]),
  );
  return {
    ...list,
    name: payload.name ?? list.name,
    ingredients: list.ingredients
      .filter((item) => !removed.has(item.value))
      .map((item) => {
        const change = changed.get(item.value);
        if (!change) return item;
        // A step ('change') is added to what is shown, as the server adds it to what it holds.
        const stepped = change.change != null ? Math.max(1, item.quantity + change.change) : item.quantity;
        // A unit alone is converted by the server (500 g → 0.5 kg): shown when it answers.
        const unit = change.quantity != null ? change.unit : undefined;
        return {
          ...item,
          quantity: change.quantity ?? stepped,
          unit: unit ?? item.unit,
          measurement: unit ?? item.measurement,
        };
      }),
  };
}

/**
 * PUT /user-shoppinglists/{id} {name?, ingredients (the changed items), ingredients_to_remove}.
 * Changes to one list are sent one after another, in the order made, and shown at once; the
 * server's answer replaces the list once the last change of a burst is through (an earlier answer
 * would undo the later changes on screen for a moment).
 */
export function useUpdateShoppingList(id: number) {
  const queryClient = useQueryClient();
  const detailKey = shoppingListQueryOptions(id).queryKey;
  return useMutation({
    mutationKey: listChangesKey(id),
    scope: { id: `shopping-list-${id}` },
    mutationFn: (payload: ShoppingListUpdatePayload) =>
      api.put('/user-shoppinglists/{list_id}', payload, { params: { list_id: id } }),
    onMutate: async (payload) => {
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
      queryClient.setQueryData(detailKey, (answer) =>
        answer ? { shopping_list: applyLocally(answer.shopping_list, payload) } : answer,
      );
    },
    onSuccess: (answer) => {
      if (!moreChangesPending(queryClient, id, 1)) storeList(queryClient, answer.data);
    },
    // What the screen shows may be ahead of the server now: fetch the truth.
    onError: () => void queryClient.invalidateQueries({ queryKey: detailKey }),
  });
}

/** True while a change of the list is on its way (the editor's spinner). */
export function useIsSavingList(id: number): boolean {
  return useIsMutating({ mutationKey: listChangesKey(id) }) > 0;
}

/** The list is gone (deleted or left): it leaves the overview. */
export function forgetList(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData(shoppingListsQueryOptions().queryKey, (answer) =>
    answer ? { data: answer.data.filter((item) => item.user_shoppinglist_id !== id) } : answer,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.list() });
}

/**
 * Drops a gone list's detail from the cache. Called once its screen has been left: dropped while
 * shown, it would be fetched again, only to answer 404.
 */
export function dropListDetail(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: queryKeys.shoppingLists.detail(id), exact: true });
}

/** DELETE /user-shoppinglists/{id} (owner only). */
export function useDeleteShoppingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/user-shoppinglists/{list_id}', { params: { list_id: id } }),
    onSuccess: (_answer, id) => forgetList(queryClient, id),
  });
}

/** PUT /share/remove {entity_id, entity_type: 'UserShoppinglist'}: leave a list shared with the user. */
export function useLeaveShoppingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put('/share/remove', { entity_id: id, entity_type: 'UserShoppinglist' }),
    onSuccess: (_answer, id) => forgetList(queryClient, id),
  });
}
