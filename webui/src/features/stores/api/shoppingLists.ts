import { useQuery } from '@tanstack/react-query';
import { canEditList, shoppingListsQueryOptions } from '@/shared/api';

/** Lists the user may add to: own ones and those shared with edit rights (part 2 §6). */
export function useWritableShoppingLists(enabled = true) {
  return useQuery({
    ...shoppingListsQueryOptions(),
    select: (answer) => answer.data.filter(canEditList),
    enabled,
  });
}
