/**
 * The five filter preferences of an account (spec part 1 §9), in the server's order, with the
 * labels people read ('gluten_free' → 'Gluten free'). The one place these labels live: the tour,
 * the account dialog and the Discover filter chips all show them.
 */
export const FILTER_PREFERENCES = [
  { value: 'vegetarian', label: 'Vegetarian' },
  { value: 'vegan', label: 'Vegan' },
  { value: 'gluten_free', label: 'Gluten free' },
  { value: 'sugar_free', label: 'Sugar free' },
  { value: 'dairy_free', label: 'Dairy free' },
] as const;

export type FilterPreference = (typeof FILTER_PREFERENCES)[number]['value'];

const IDS: readonly string[] = FILTER_PREFERENCES.map((preference) => preference.value);

export function isFilterPreference(value: unknown): value is FilterPreference {
  return typeof value === 'string' && IDS.includes(value);
}

/** The known preferences stored on a user object (`preferences: string[]`), in canonical order. */
export function userPreferences(user: unknown): FilterPreference[] {
  const raw = user && typeof user === 'object' ? (user as { preferences?: unknown }).preferences : undefined;
  const list = Array.isArray(raw) ? raw.filter(isFilterPreference) : [];
  return FILTER_PREFERENCES.map((p) => p.value).filter((id) => list.includes(id));
}

/** Human label of a preference id ('gluten_free' → 'Gluten free'); an unknown id is returned as is. */
export function preferenceLabel(value: string): string {
  return FILTER_PREFERENCES.find((p) => p.value === value)?.label ?? value;
}
