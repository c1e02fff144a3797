import { useQuery } from '@tanstack/react-query';
import { canEditList, shoppingListsQueryOptions, type ShoppingListItemIn } from '@/shared/api';
import { MEASUREMENT_UNITS } from '@/shared/lib/quantity';
import { oneLine } from '@/shared/lib/text';

/** The longest item name a list takes (the server refuses longer ones). */
export const ITEM_NAME_MAX = 100;

/** One line the dialog offers: what it shows (`label`) and what it sends (`item`). */
export interface SendableIngredient {
  key: string;
  label: string;
  item: ShoppingListItemIn;
}

const UNITS: ReadonlySet<string> = new Set(MEASUREMENT_UNITS);

/** A recipe's amount as a list takes it: a number above 0, else none (the list's default). */
function amountOf(quantity: number | string | null | undefined): number | undefined {
  const value = typeof quantity === 'number' ? quantity : quantity ? Number(quantity) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A line of text as a list item's name: one line, no control characters, at most 100 characters. */
export function itemName(text: string): string {
  return oneLine(text, ITEM_NAME_MAX);
}

/**
 * A recipe ingredient as a list item: a catalogue ingredient by its id, anything else (a custom
 * ingredient, an imported recipe's line) by its name; with its amount and unit when the list can
 * take them (a unit outside the 10 measurement units is left to the list's default).
 */
export function listItemOf({
  ingredientId,
  name,
  quantity,
  measurement,
}: {
  ingredientId: number | null | undefined;
  name: string;
  quantity?: number | string | null;
  measurement?: string | null;
}): ShoppingListItemIn {
  const item: ShoppingListItemIn =
    ingredientId !== null && ingredientId !== undefined ? { value: ingredientId } : { name: itemName(name) };
  const amount = amountOf(quantity);
  if (amount !== undefined) item.quantity = amount;
  if (measurement && UNITS.has(measurement)) item.unit = measurement;
  return item;
}

/** The lists ingredients can be sent to: own ones and those shared with edit rights. */
export function useEditableLists(enabled = true) {
  return useQuery({
    ...shoppingListsQueryOptions(),
    select: (answer) => answer.data.filter(canEditList),
    enabled,
  });
}
