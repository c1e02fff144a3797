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

/** '2 cup(s) red lentils, rinsed' (of any item with these fields; `value` is not used). */
export function ingredientLine(item: Omit<IngredientItem, 'value'> & { value?: unknown }): string {
  const amount = [item.quantity, item.measurement]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' ');
  const main = [amount, item.name].filter(Boolean).join(' ');
  return item.treatment ? `${main}, ${item.treatment}` : main;
}

/** The ingredient names, one per line (what 'copy ingredients' copies). */
export function ingredientNamesText(items: readonly { name: string }[]): string {
  return items
    .map((item) => item.name)
    .filter(Boolean)
    .join('\n');
}
