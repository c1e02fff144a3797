import type { CheckIngredient, IngredientCheck, ShoppingListItemIn, StockMatch } from '@/shared/api';
import { formatQuantity } from '@/shared/lib/quantity';
import { formatDay } from '@/shared/lib/dates';

/** The key of an ingredient of the check: its recipe's place in the answer and its own. */
export const tickKey = (recipe: number, ingredient: number) => `${recipe}:${ingredient}`;

/** '250 g Tomato', or the name alone when the recipe gives no quantity. */
export function ingredientLabel(ingredient: CheckIngredient): string {
  const name = ingredient.ingredient.name;
  return ingredient.quantity === null ? name : formatQuantity(ingredient.quantity, ingredient.measurement, name);
}

/** What a store holds of it: 'Pantry: 500 g (expires 09/03/2025)'. */
export function stockLabel(stock: StockMatch): string {
  return `${stock.store_name}: ${formatQuantity(stock.quantity, stock.unit)} (expires ${formatDay(stock.expiry_date)})`;
}

/**
 * The items 'Add Selected' merges into a list: a catalogue ingredient by its id, a line that matched
 * none as the custom item the check names (its CUSTOM- value and name, so adding it again adds to
 * the same item); with the recipe's quantity and unit when it has them.
 */
export function mergeItems(check: IngredientCheck, ticked: ReadonlySet<string>): ShoppingListItemIn[] {
  const items: ShoppingListItemIn[] = [];
  check.recipes.forEach((recipe, r) =>
    recipe.recipe_ingredients.forEach((ingredient, i) => {
      if (!ticked.has(tickKey(r, i))) return;
      const item: ShoppingListItemIn =
        ingredient.ingredient_id !== null
          ? { value: ingredient.ingredient_id }
          : { value: ingredient.value, name: ingredient.ingredient.name };
      if (ingredient.quantity !== null && ingredient.quantity > 0) item.quantity = ingredient.quantity;
      if (ingredient.measurement.trim()) item.unit = ingredient.measurement.trim();
      items.push(item);
    }),
  );
  return items;
}
