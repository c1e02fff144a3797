import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import type { MergePayload, ShoppingList } from './wire';

/**
 * GET /user-shoppinglists: the user's own lists and the lists shared with them. One cache entry for
 * every screen that reads it (the list screens, a store's 'move to list', 'send to list').
 */
export function shoppingListsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.shoppingLists.list(),
    queryFn: ({ signal }) => api.get('/user-shoppinglists', { signal }),
    // Tried even when the browser says it is offline: the service worker answers from its cache.
    networkMode: 'offlineFirst',
  });
}

/** GET /user-shoppinglists/{list_id} -> {shopping_list}: one list. */
export function shoppingListQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.shoppingLists.detail(id),
    queryFn: ({ signal }) => api.get('/user-shoppinglists/{list_id}', { params: { list_id: id }, signal }),
    networkMode: 'offlineFirst',
  });
}

/** True when the user may change the list's items and complete a shop from it (owner or editor). */
export function canEditList(list: Pick<ShoppingList, 'role'>): boolean {
  return list.role === 'owner' || list.role === 'editor';
}

/**
 * The mutation key of a list's line of changes: the editor's writes of one list, sent one after
 * another in the order made (their `scope`), and counted by its spinner.
 */
export const listChangesKey = (id: number) => ['shopping-lists', 'update', id] as const;

/** True while more than `own` changes of the list are on their way. */
export function moreChangesPending(queryClient: QueryClient, id: number, own: number): boolean {
  return queryClient.isMutating({ mutationKey: listChangesKey(id) }) > own;
}

/** A list as the server now has it: the detail is replaced wholesale, the overview fetched again. */
export function storeList(queryClient: QueryClient, list: ShoppingList): void {
  queryClient.setQueryData(shoppingListQueryOptions(list.user_shoppinglist_id).queryKey, { shopping_list: list });
  queryClient.setQueryData(shoppingListsQueryOptions().queryKey, (answer) =>
    answer
      ? { data: answer.data.map((item) => (item.user_shoppinglist_id === list.user_shoppinglist_id ? list : item)) }
      : answer,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.list() });
}

/**
 * POST /user-shoppinglists/{list_id}/merge {ingredients}: items added to a list by the merge rule
 * (1 kg flour joins the 225 g listed: 1.225 kg), from every screen that adds to a list. Afterwards
 * the list, the lists overview and the dashboard (its item counts) show what the server has.
 *
 * Given `editedListId` (the list editor), a merge into that list joins its line of changes: sent
 * after the changes made before it, and stored only when it is the last of a burst (an earlier
 * answer would undo the later changes on screen for a moment; the last one's answer stores it).
 */
export function useMergeIntoList(editedListId?: number) {
  const queryClient = useQueryClient();
  const inLine = editedListId !== undefined;
  return useMutation({
    ...(inLine ? { mutationKey: listChangesKey(editedListId), scope: { id: `shopping-list-${editedListId}` } } : {}),
    mutationFn: async ({ listId, payload }: { listId: number; payload: MergePayload }) =>
      (await api.post('/user-shoppinglists/{list_id}/merge', payload, { params: { list_id: listId } })).data,
    onSuccess: (list, { listId }) => {
      if (!moreChangesPending(queryClient, listId, inLine ? 1 : 0)) storeList(queryClient, list);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.list() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    },
    // What a screen shows of the list may be ahead of the server now: fetch the truth.
    onError: (_error, { listId }) => void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.detail(listId) }),
  });
}
