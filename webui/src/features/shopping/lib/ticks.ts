import type { ShoppingListItem } from '@/shared/api';
import { isCustomItem } from './items';

/**
 * Shop-mode ticks are kept in this browser only, under the list's name (spec part 2 §3, §4):
 * localStorage `shopping-ticks:{list name}` = {items: what the list held when ticked, checked:
 * [values]}. The prefix keeps a list called 'token' or 'user' away from the session's keys.
 * When the list's items change (added, removed, another quantity or unit), the ticks are dropped.
 */
export const TICKS_KEY_PREFIX = 'shopping-ticks:';

export function ticksKey(listName: string): string {
  return `${TICKS_KEY_PREFIX}${listName}`;
}

type Item = Pick<ShoppingListItem, 'value' | 'quantity' | 'unit'>;

/** What the list holds, order aside: the ticks stay valid only while this stays the same. */
export function itemsSignature(items: readonly Item[]): string {
  return items
    .map((item) => `${item.value}|${item.quantity}|${item.unit}`)
    .sort()
    .join('\n');
}

interface StoredTicks {
  items: string;
  checked: string[];
}

function parse(raw: string | null): StoredTicks | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredTicks> | null;
    if (!value || typeof value.items !== 'string' || !Array.isArray(value.checked)) return null;
    return { items: value.items, checked: value.checked.map(String) };
  } catch {
    return null;
  }
}

/** The ticked values of the list; stale ticks (the items changed) are removed and none returned. */
export function readTicks(listName: string, items: readonly Item[]): string[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(ticksKey(listName));
  } catch {
    return [];
  }
  if (raw === null) return [];
  const stored = parse(raw);
  if (!stored || stored.items !== itemsSignature(items)) {
    clearTicks(listName);
    return [];
  }
  const tickable = new Set(items.filter((item) => !isCustomItem(item)).map((item) => String(item.value)));
  return stored.checked.filter((value) => tickable.has(value));
}

/** Stores the ticked values (custom items are never ticked) with the items they belong to. */
export function writeTicks(listName: string, items: readonly Item[], checked: readonly string[]): void {
  const tickable = new Set(items.filter((item) => !isCustomItem(item)).map((item) => String(item.value)));
  const value: StoredTicks = { items: itemsSignature(items), checked: checked.filter((v) => tickable.has(v)) };
  try {
    window.localStorage.setItem(ticksKey(listName), JSON.stringify(value));
  } catch (error) {
    console.error('storing the ticks failed', error);
  }
}

export function clearTicks(listName: string): void {
  try {
    window.localStorage.removeItem(ticksKey(listName));
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
