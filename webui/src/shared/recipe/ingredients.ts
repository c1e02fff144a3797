import { formatQuantity } from '@/shared/lib/quantity';
import type { IngredientItem, RecipeIngredientLike } from './types';

/** A recipe ingredient of the API as a panel item (value = recipe_ingredient_id). */
export function toIngredientItem(item: RecipeIngredientLike): IngredientItem {
  return {
    value: item.recipe_ingredient_id,
    name: item.ingredient?.name ?? '',
    quantity: item.quantity,
    measurement: item.measurement,
    treatment: item.treatment,
  };
}

export function toIngredientItems(items: readonly RecipeIngredientLike[]): IngredientItem[] {
  return items.map(toIngredientItem);
}

/** A quantity of the API or a form (number or numeric text) as a number; null when there is none. */
function quantityNumber(quantity: number | string | null | undefined): number | null {
  if (quantity === null || quantity === undefined || quantity === '') return null;
  const value = typeof quantity === 'number' ? quantity : Number(quantity);
  return Number.isFinite(value) ? value : null;
}

/**
 * An ingredient as a cook writes it: '2 cups Red lentils, rinsed', '1 egg', '¼ tsp Cumin' (of any
 * item with these fields; `value` is not used). The amount comes from `formatQuantity`; an item
 * without a usable quantity shows its raw quantity (if any), unit and name.
 */
export function ingredientLine(item: Omit<IngredientItem, 'value'> & { value?: unknown }): string {
  const quantity = quantityNumber(item.quantity);
  const main =
    quantity !== null
      ? formatQuantity(quantity, item.measurement ?? '', item.name)
      : [item.quantity, item.measurement, item.name]
          .filter((part) => part !== null && part !== undefined && part !== '')
          .join(' ');
  return item.treatment ? `${main}, ${item.treatment}` : main;
}

/** The ingredient names, one per line (what 'copy ingredients' copies). */
export function ingredientNamesText(items: readonly { name: string }[]): string {
  return items
    .map((item) => item.name)
    .filter(Boolean)
    .join('\n');
}
