import type { FilterItem } from '@/shared/lib/savedFilters';

/** The preference values a filter can name (spec part 1 §3, Filter item). */
export const PREFERENCE_VALUES = ['vegan', 'vegetarian', 'gluten_free', 'sugar_free', 'dairy_free'] as const;
export type PreferenceValue = (typeof PREFERENCE_VALUES)[number];

/** Option list filtering in the add dialogs starts at this many typed characters (spec §9). */
export const OPTION_FILTER_MIN = 3;

/**
 * The options shown for a typed search: all of them below 3 characters (an empty input resets),
 * else those whose name contains the text, ignoring case.
 */
export function filterOptions<T extends { name: string }>(options: T[], search: string): T[] {
  const text = search.trim().toLowerCase();
  if (text.length < OPTION_FILTER_MIN) return options;
  return options.filter((option) => option.name.toLowerCase().includes(text));
}

/** A value for a custom item: not numeric, so the server matches it by name. */
export function customValue(): string {
  return `CUSTOM_${Math.random().toString(36).slice(2, 10)}`;
}

export function sameFilter(a: FilterItem, b: FilterItem): boolean {
  return a.type === b.type && String(a.value) === String(b.value) && a.name === b.name;
}

/** `filters` plus an include-preference filter for each of `preferences` it does not name yet. */
export function withPreferences(filters: FilterItem[], preferences: readonly string[]): FilterItem[] {
  const missing = preferences.filter((p) => !filters.some((f) => f.type === 'preference' && f.value === p));
  if (missing.length === 0) return filters;
  return [
    ...filters,
    ...missing.map((value): FilterItem => ({ value, name: value, type: 'preference', includeExclude: 'include' })),
  ];
}
