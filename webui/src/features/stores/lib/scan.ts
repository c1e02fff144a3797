import type { IngredientOption, Store, StoreItemIn } from '@/shared/api';
import { MEASUREMENT_UNITS } from '@/shared/lib/quantity';
import { type IngredientPick, isCustomPick } from '@/shared/ui/ingredient-search';
import type { ConfirmedMatch, ScanLine } from '../api/receiptScan';
import { MSG_QUANTITY_MIN } from './stores';

/** The texts of receipt scan; the quoted ones are the spec's (part 2 §2 'Receipt scan', §8). */
export const SCAN_TEXTS = {
  button: 'Scan receipt',
  reading: 'Reading the receipt…',
  title: 'Scan Results',
  subtitle: 'Review and match items to add to your stores',
  noMatch: 'No Matches Found.',
  failed: 'Scan Failed',
  failedHint: 'No item lines were found. Take the photo again with the whole receipt flat, straight and sharp.',
  noStore: 'You have no food store to store into yet.',
  storeLabel: 'store',
  cancel: 'Cancel',
  confirm: 'Confirm',
} as const;

export const resultText = (name: string) => `Result: ${name}`;

/** What a confirmed scan did, in the note under 'Scan receipt'. */
export const storedText = (count: number, store: string) => `${count} ${count === 1 ? 'item' : 'items'} added to ${store}`;

/** A custom item's name as the store accepts it (the server's limit). */
export const CUSTOM_NAME_MAX = 100;
export const QUANTITY_MAX = 100_000;

/** A scanned line as the member reviews it. */
export interface ScanDraft {
  /** The line as read. */
  line: ScanLine;
  /** The catalogue ingredient it goes into the store as (the server's match or the member's pick). */
  match: IngredientOption | null;
  /** A custom item the member made for it (then `match` is null). */
  customName: string | null;
  /** The NumberInput's value: a number, or the text being typed. */
  quantity: number | string;
  unit: string;
  ticked: boolean;
}

/** The lines as first shown: the server's match, quantity and unit; ticked when matched. */
export function draftsFrom(lines: readonly ScanLine[]): ScanDraft[] {
  return lines.map((line) => ({
    line,
    match: line.matchedItem,
    customName: null,
    quantity: Math.max(1, line.quantity),
    unit: line.unit,
    ticked: line.checked && line.matchedItem !== null,
  }));
}

export const MSG_QUANTITY_MAX = `The quantity may be at most ${QUANTITY_MAX}.`;

/** The message under a quantity field, null when it is valid. */
export function quantityError(quantity: number | string): string | null {
  if (typeof quantity === 'number' && quantity > QUANTITY_MAX) return MSG_QUANTITY_MAX;
  return validQuantity(quantity) ? null : MSG_QUANTITY_MIN;
}

/** A line can go into a store once it is matched or made a custom item. */
export function hasTarget(draft: Pick<ScanDraft, 'match' | 'customName'>): boolean {
  return draft.match !== null || draft.customName !== null;
}

/** Part 2 §5: 'scan quantity also minimum 1'. */
export function validQuantity(quantity: number | string): quantity is number {
  return typeof quantity === 'number' && Number.isFinite(quantity) && quantity >= 1 && quantity <= QUANTITY_MAX;
}

/** The line after the member picked an ingredient or made a custom item: it is ticked. */
export function withPick(draft: ScanDraft, pick: IngredientPick): ScanDraft {
  if (isCustomPick(pick)) {
    return { ...draft, match: null, customName: pick.name.trim().slice(0, CUSTOM_NAME_MAX), ticked: true };
  }
  // what it is bought in when nothing was printed (1 l of milk), as the server answers a line
  return { ...draft, match: pick, customName: null, unit: pick.buy_unit || pick.default_unit || draft.unit, ticked: true };
}

/** The units the select offers: the 10 measurement units, plus the line's own when it is another. */
export function unitChoices(unit: string): string[] {
  const units: string[] = [...MEASUREMENT_UNITS];
  return units.includes(unit) ? units : [unit, ...units];
}

/** Confirm is possible with a store chosen and at least one ticked line, every ticked one valid. */
export function canConfirm(drafts: readonly ScanDraft[], storeId: number | null): boolean {
  const ticked = drafts.filter((draft) => draft.ticked);
  return (
    storeId !== null && ticked.length > 0 && ticked.every((draft) => hasTarget(draft) && validQuantity(draft.quantity))
  );
}

/** The ticked lines as stock: `{value, quantity, unit}`, or `{name, quantity, unit}` for a custom item. */
export function stockItems(drafts: readonly ScanDraft[]): StoreItemIn[] {
  const items: StoreItemIn[] = [];
  for (const draft of drafts) {
    if (!draft.ticked || !validQuantity(draft.quantity)) continue;
    if (draft.match) items.push({ value: draft.match.value, quantity: draft.quantity, unit: draft.unit });
    else if (draft.customName !== null) items.push({ name: draft.customName, quantity: draft.quantity, unit: draft.unit });
  }
  return items;
}

/**
 * What the server learns from a confirm: each ticked line's printed name with the catalogue
 * ingredient it went in as (kept or picked), once per name. Custom items teach nothing.
 */
export function learnedMatches(drafts: readonly ScanDraft[]): ConfirmedMatch[] {
  const byName = new Map<string, ConfirmedMatch>();
  for (const draft of drafts) {
    if (draft.ticked && draft.match) byName.set(draft.line.name, { name: draft.line.name, value: draft.match.value });
  }
  return [...byName.values()];
}

/** The stores a receipt can go into: own ones and those shared with edit rights (part 2 §6). */
export function writableStores(stores: readonly Store[]): Store[] {
  return stores.filter((store) => store.role === 'owner' || store.role === 'editor');
}

/**
 * The store preselected: the one the scan was started from when it is writable, else the
 * member's default store, else the only one.
 */
export function preselectedStore(stores: readonly Store[], startedFrom?: number): number | null {
  const from = startedFrom === undefined ? undefined : stores.find((store) => store.id === startedFrom);
  const preferred = from ?? stores.find((store) => store.default) ?? (stores.length === 1 ? stores[0] : undefined);
  return preferred?.id ?? null;
}

/** A line's price as printed: '3.49 €', '£1.99', or the amount alone. */
export function priceText(line: Pick<ScanLine, 'price' | 'currency'>): string | null {
  if (line.price === null) return null;
  const amount = line.price.toFixed(2);
  if (!line.currency) return amount;
  return ['$', '£'].includes(line.currency) ? `${line.currency}${amount}` : `${amount} ${line.currency}`;
}
