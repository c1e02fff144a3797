import type { SendableIngredient } from '@/shared/ui/send-to-list';
import { listItemOf } from '@/shared/ui/send-to-list';
import { ingredientLine, toIngredientItem } from './ingredients';
import type { IngredientItem, RecipeIngredientLike } from './types';

/** What 'send ingredients to list' and 'send recipe to mealplan' of a recipe page send. */
export type { NewPlanEntry } from '@/shared/ui/send-to-plan';
export type { SendableIngredient } from '@/shared/ui/send-to-list';

/**
 * A catalogue or own recipe's ingredients as lines to send to a list: shown as a cook writes them,
 * sent as the catalogue ingredient (by id) or, for a custom one, by its name.
 */
export function recipeIngredientsToSend(
  items: readonly (RecipeIngredientLike & { ingredient_id: number | null })[],
): SendableIngredient[] {
  return items.map((item) => ({
    key: String(item.recipe_ingredient_id),
    label: ingredientLine(toIngredientItem(item)),
    item: listItemOf({
      ingredientId: item.ingredient_id,
      name: item.ingredient?.name ?? '',
      quantity: item.quantity,
      measurement: item.measurement,
    }),
  }));
}

/** Lines of text (an imported recipe's ingredients) to send to a list by their text. */
export function textIngredientsToSend(items: readonly IngredientItem[]): SendableIngredient[] {
  return items.map((item) => ({
    key: String(item.value),
    label: item.name,
    item: listItemOf({ ingredientId: null, name: item.name }),
  }));
}
