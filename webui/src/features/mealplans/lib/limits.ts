/**
 * What a plan may hold: the server's limits (src/larder/mealplans/limits.py), which it checks on
 * every save with the same messages. A household plans a week or a few ahead, not years.
 */

/** The longest plan: any three calendar months (July to September is 92 days). */
export const MAX_DAYS = 92;
/** The most recipes one day of a plan holds. */
export const RECIPES_PER_DAY_MAX = 20;
/** The first and last days a plan may cover ('YYYY-MM-DD'). */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

export const LIMIT_TEXTS = {
  tooLong: `A meal plan has at most ${MAX_DAYS} days`,
  outOfRange: "A meal plan's days must fall between 01/01/2000 and 31/12/2099",
  dayFull: `A day holds at most ${RECIPES_PER_DAY_MAX} recipes`,
} as const;
