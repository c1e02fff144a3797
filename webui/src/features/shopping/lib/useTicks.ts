import { useCallback, useMemo, useState } from 'react';
import type { ShoppingListItem } from '@/shared/api';
import { isCustomItem } from './items';
import { itemsSignature, readTicks, writeTicks } from './ticks';

/**
 * The shop-mode ticks of a list, kept in localStorage under its name. They are read again (and
 * dropped when stale) whenever the list's name or items change; custom items cannot be ticked.
 */
export function useTicks(listName: string, items: readonly ShoppingListItem[]) {
  const key = `${listName}\n${useMemo(() => itemsSignature(items), [items])}`;
  const [state, setState] = useState(() => ({ key, checked: readTicks(listName, items) }));
  let current = state;
  if (state.key !== key) {
    // The items changed since the last render: the stored ticks are checked against them again.
    current = { key, checked: readTicks(listName, items) };
    setState(current);
  }

  const toggle = useCallback(
    (item: ShoppingListItem, on: boolean) => {
      if (isCustomItem(item)) return;
      const value = String(item.value);
      setState((previous) => {
        const base = previous.key === key ? previous.checked : readTicks(listName, items);
        const next = on ? [...new Set([...base, value])] : base.filter((v) => v !== value);
        writeTicks(listName, items, next);
        return { key, checked: next };
      });
    },
    [key, listName, items],
  );

  const checked = useMemo(() => new Set(current.checked), [current.checked]);
  return { checked, toggle };
}
