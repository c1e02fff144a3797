import type { Store, StoreItem, StoreKind } from '@/shared/api';
import { formatDay } from '@/shared/lib/dates';
import { isPlainName, PLAIN_NAME_MESSAGE } from '@/shared/lib/validation';

export const MSG_NAME_REQUIRED = 'The name field is required.';
export const MSG_DESCRIPTION_REQUIRED = 'The description field is required.';
export const MSG_QUANTITY_MIN = 'The quantity must be at least 1.';

/** Part 2 §5, a store's name or description: null when it passes, else the message. */
export function checkPlain(value: string, required: string): string | null {
  if (!value.trim()) return required;
  return isPlainName(value) ? null : PLAIN_NAME_MESSAGE;
}

export const STORE_KINDS: readonly StoreKind[] = ['pantry', 'fridge', 'freezer'];

// The server's words (kitchen/storage.py); the freezer is tested first ('fridge freezer' is a freezer).
const KIND_WORDS: readonly (readonly [StoreKind, RegExp])[] = [
  ['freezer', /\b(freezer|frozen|deep ?freeze|chest freezer|tiefk\w*|gefrier\w*)\b/i],
  ['fridge', /\b(fridge|refrigerator|chiller|cooler|k[uü]hlschrank)\b/i],
];

/** The kind a store's name suggests; the pantry when it names neither a fridge nor a freezer. */
export function guessKind(name: string): StoreKind {
  for (const [kind, words] of KIND_WORDS) if (words.test(name)) return kind;
  return 'pantry';
}

/** The title of a store: its name, plus ' - (default)' for the user's default store. */
export function storeTitle(store: Pick<Store, 'name' | 'default'>): string {
  return store.default ? `${store.name} - (default)` : store.name;
}

/** Owner and shared users with edit rights may change a store's stock (part 2 §6). */
export function canEdit(role: Store['role']): boolean {
  return role !== 'viewer';
}

/** 'expired - 09/03/2025' when the expiry date has passed, otherwise 'expires - 09/03/2025'. */
export function expiryLabel(item: Pick<StoreItem, 'expiry_date' | 'freshness'>): string {
  return `${item.freshness === 'expired' ? 'expired' : 'expires'} - ${formatDay(item.expiry_date)}`;
}

export type StoreAction = 'delete' | 'remove' | 'view' | 'edit' | 'share' | 'set default';

/**
 * The store menu's entries, in the spec's order (part 2 §4 'Store actions', §6): delete for own
 * stores that are not the default; remove for shared ones; view always; edit with edit rights;
 * share for own stores; set default for a store that is not the default, by a user who may.
 */
export function storeActions(store: Pick<Store, 'role' | 'default'>): StoreAction[] {
  const own = store.role === 'owner';
  const actions: StoreAction[] = [];
  if (own && !store.default) actions.push('delete');
  if (!own) actions.push('remove');
  actions.push('view');
  if (canEdit(store.role)) actions.push('edit');
  if (own) actions.push('share');
  if (!store.default && canEdit(store.role)) actions.push('set default');
  return actions;
}

export const CUSTOM_GROUP = 'Custom';
export const MISC_GROUP = 'Misc';

export interface ItemGroup {
  name: string;
  items: StoreItem[];
}

/**
 * Items grouped by category (by the category's name, alphabetically), custom items in 'Custom'
 * and items without a category in 'Misc', those two last; items by name within a group.
 */
export function groupItems(items: readonly StoreItem[], categoryNames: ReadonlyMap<number, string>): ItemGroup[] {
  const groups = new Map<string, StoreItem[]>();
  for (const item of items) {
    const name = item.value.startsWith('CUSTOM')
      ? CUSTOM_GROUP
      : item.category_id === null
        ? MISC_GROUP
        : (categoryNames.get(item.category_id) ?? MISC_GROUP);
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  const last = (name: string) => (name === CUSTOM_GROUP ? 1 : name === MISC_GROUP ? 2 : 0);
  return [...groups]
    .map(([name, grouped]) => ({
      name,
      items: grouped.sort((a, b) => a.name.localeCompare(b.name) || a.expiry_date.localeCompare(b.expiry_date)),
    }))
    .sort((a, b) => last(a.name) - last(b.name) || a.name.localeCompare(b.name));
}
