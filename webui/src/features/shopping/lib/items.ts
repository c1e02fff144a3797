import type { ShoppingListItem } from '@/shared/api';
import { formatQuantity } from '@/shared/lib/quantity';

/** Custom items carry a value containing CUSTOM (spec part 2 §3). */
export function isCustomItem(item: Pick<ShoppingListItem, 'value'>): boolean {
  return String(item.value).toUpperCase().includes('CUSTOM');
}

/** How far one step of the quantity stepper goes: the item's default quantity, or 1. */
export function stepOf(item: Pick<ShoppingListItem, 'default_quantity'>): number {
  return item.default_quantity > 0 ? item.default_quantity : 1;
}

/** The smallest quantity a user may set (spec part 2 §5). */
export const MIN_QUANTITY = 1;

/** '2 tomatoes', '500 g Rice': the one way an item's amount is written. */
export function itemText(item: Pick<ShoppingListItem, 'quantity' | 'unit' | 'name'>): string {
  return formatQuantity(item.quantity, item.unit, item.name);
}

export const CUSTOM_GROUP = 'Custom';
export const MISC_GROUP = 'Misc';

export interface ItemGroup {
  name: string;
  items: ShoppingListItem[];
}

/**
 * Items by category (spec part 2 §2): named categories alphabetically, then 'Misc' (no category,
 * or one the options do not know), then 'Custom'. Items keep their order inside a group.
 */
export function groupItems(items: readonly ShoppingListItem[], categories: ReadonlyMap<number, string>): ItemGroup[] {
  const named = new Map<string, ShoppingListItem[]>();
  const misc: ShoppingListItem[] = [];
  const custom: ShoppingListItem[] = [];
  for (const item of items) {
    if (isCustomItem(item)) {
      custom.push(item);
      continue;
    }
    const name = item.category_id === null ? undefined : categories.get(item.category_id);
    if (!name) {
      misc.push(item);
      continue;
    }
    const group = named.get(name);
    if (group) group.push(item);
    else named.set(name, [item]);
  }
  const groups = [...named.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, members]) => ({ name, items: members }));
  if (misc.length > 0) groups.push({ name: MISC_GROUP, items: misc });
  if (custom.length > 0) groups.push({ name: CUSTOM_GROUP, items: custom });
  return groups;
}

/** The list as text for the clipboard: its name, then one line per item by group. */
export function listAsText(name: string, groups: readonly ItemGroup[]): string {
  const lines = [name];
  for (const group of groups) {
    lines.push('', `${group.name}:`);
    for (const item of group.items) lines.push(`- ${itemText(item)}`);
  }
  return lines.join('\n');
}
