import { STORAGE_KEYS } from './storageKeys';

/**
 * The Discover filters the user saved (localStorage `filters`): Discover opens with them, and 'Cook
 * from what you have' asks with them too. The catalogue's filter dialog writes them.
 */

export type FilterType = 'ingredient' | 'category' | 'preference';
export type IncludeExclude = 'include' | 'exclude';

/** One filter of the Discover list (spec part 1 §3, Filter item). */
export interface FilterItem {
  value: number | string;
  name: string;
  type: FilterType;
  includeExclude: IncludeExclude;
}

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
