import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope, type MergePayload, queryKeys, type ShoppingList } from '@/shared/api';

/**
 * GET /user-shoppinglists, cached under the lists' own key (the shopping list screens read the
 * same answer): the lists items of a store can be sent to.
 */
export function shoppingListsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.shoppingLists.list(),
    queryFn: ({ signal }) => api.get<Envelope<ShoppingList[]>>('/user-shoppinglists', { signal }),
    networkMode: 'offlineFirst',
  });
}

/** Lists the user may add to: own ones and those shared with edit rights (part 2 §6). */
export function useWritableShoppingLists(enabled = true) {
  return useQuery({
    ...shoppingListsQueryOptions(),
    select: (answer) => answer.data.filter((list) => list.role !== 'viewer'),
    enabled,
  });
}

/** POST /user-shoppinglists/{id}/merge {ingredients}: items added to a list by the merge rule. */
export function useMergeIntoList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['stores', 'send-to-list'],
    mutationFn: ({ listId, payload }: { listId: number; payload: MergePayload }) =>
      api.post<Envelope<ShoppingList>>(`/user-shoppinglists/${listId}/merge`, payload),
    onSuccess: (_answer, { listId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.list() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.detail(listId) });
    },
  });
}
