import { STORAGE_KEYS } from '@/shared/lib/storageKeys';

/** The preference values a filter can name (spec part 1 §3, Filter item). */
export const PREFERENCE_VALUES = ['vegan', 'vegetarian', 'gluten_free', 'sugar_free', 'dairy_free'] as const;
export type PreferenceValue = (typeof PREFERENCE_VALUES)[number];

export type FilterType = 'ingredient' | 'category' | 'preference';
export type IncludeExclude = 'include' | 'exclude';

/** One filter of the Discover list (spec part 1 §3, Filter item). */
export interface FilterItem {
  value: number | string;
  name: string;
  type: FilterType;
  includeExclude: IncludeExclude;
}

/** Option list filtering in the add dialogs starts at this many typed characters (spec §9). */
export const OPTION_FILTER_MIN = 3;

function isFilterItem(value: unknown): value is FilterItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    (typeof item.value === 'string' || typeof item.value === 'number') &&
    typeof item.name === 'string' &&
    (item.type === 'ingredient' || item.type === 'category' || item.type === 'preference') &&
    (item.includeExclude === 'include' || item.includeExclude === 'exclude')
  );
}

/** The filters saved under localStorage `filters` (an empty list when none or unreadable). */
export function loadSavedFilters(): FilterItem[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.filters);
    if (!raw) return [];
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isFilterItem) : [];
  } catch {
    return [];
  }
}

export function hasSavedFilters(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.filters) !== null;
  } catch {
    return false;
  }
}

export function saveFilters(filters: FilterItem[]): void {
  window.localStorage.setItem(STORAGE_KEYS.filters, JSON.stringify(filters));
}

export function clearSavedFilters(): void {
  window.localStorage.removeItem(STORAGE_KEYS.filters);
}

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
