/** Typed characters needed before the option list is filtered (spec part 2 §5, §9: more than 2). */
export const INGREDIENT_FILTER_MIN = 3;

/**
 * The options a search shows: all of them until more than 2 characters are typed, then those whose
 * name contains the text, ignoring case. An empty (or blank) search resets to the whole list.
 */
export function filterIngredientOptions<T extends { name: string }>(options: readonly T[], search: string): T[] {
  const text = search.trim().toLowerCase();
  if (text.length < INGREDIENT_FILTER_MIN) return [...options];
  return options.filter((option) => option.name.toLowerCase().includes(text));
}

/** True when a custom item may be made of `search`: filtering has started and nothing matches. */
export function canCreateCustom(options: readonly { name: string }[], search: string): boolean {
  const text = search.trim();
  return text.length >= INGREDIENT_FILTER_MIN && filterIngredientOptions(options, text).length === 0;
}
