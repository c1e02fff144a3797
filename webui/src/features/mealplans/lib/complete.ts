import type { CompletePlanPayload, EntryRef, IngredientCheck, MealPlan, Shortfall, StockMatch, UsedStock } from '@/shared/api';
import { formatQuantity } from '@/shared/lib/quantity';
import { isDay } from './dates';

/** The key of a planned recipe by place: its day and its index in that day. */
export const entryKey = (ref: EntryRef) => `${ref.day}:${ref.index}`;

/** Every recipe of the plan by place, day by day. */
export function planEntries(plan: Pick<MealPlan, 'recipes'>) {
  return plan.recipes.flatMap((day) =>
    day.recipes.map((entry, index) => ({ ref: { day: day.day, index }, entry, date: day.date })),
  );
}

export interface StockChoice {
  ingredient: string;
  stock: StockMatch;
}

/** The stock the ticked recipes could use (each store item once), for the user to pick from. */
export function stockFor(check: IngredientCheck | undefined, ticked: ReadonlySet<string>): StockChoice[] {
  if (!check) return [];
  const seen = new Map<number, StockChoice>();
  for (const recipe of check.recipes) {
    if (!recipe.entries.some((ref) => ticked.has(entryKey(ref)))) continue;
    for (const ingredient of recipe.recipe_ingredients)
      for (const stock of ingredient.stock)
        if (!seen.has(stock.item_id)) seen.set(stock.item_id, { ingredient: ingredient.ingredient.name, stock });
  }
  return [...seen.values()];
}

export interface CompleteChoices {
  ticked: ReadonlySet<string>;
  adjust: boolean;
  reschedule: boolean;
  start: string;
  useItems: ReadonlySet<number>;
}

/** 'complete' is enabled once a recipe is ticked, and a reschedule has its new start date. */
export function canComplete(choices: CompleteChoices): boolean {
  return choices.ticked.size > 0 && (!choices.reschedule || isDay(choices.start));
}

/** POST /user-mealplans/{id}/complete of the dialog's choices. */
export function completePayload(plan: Pick<MealPlan, 'recipes'>, choices: CompleteChoices): CompletePlanPayload {
  const recipes = planEntries(plan)
    .map((item) => item.ref)
    .filter((ref) => choices.ticked.has(entryKey(ref)));
  return {
    recipes,
    adjust_stock: choices.adjust,
    use_items: choices.adjust && choices.useItems.size > 0 ? [...choices.useItems] : null,
    reschedule_start: choices.reschedule ? choices.start : null,
  };
}

export function usedLabel(used: UsedStock): string {
  const amount = formatQuantity(used.used, used.unit);
  return used.removed ? `${used.name}: ${amount} used, removed from the store` : `${used.name}: ${amount} used, ${formatQuantity(used.left, used.unit)} left`;
}

export function shortLabel(short: Shortfall): string {
  const amount = formatQuantity(short.quantity, short.unit);
  return short.reason === 'missing'
    ? `${short.name}: ${amount} missing`
    : `${short.name}: ${amount} not taken (the store's unit cannot be converted)`;
}
