import { userPreferences } from '@/shared/lib/preferences';
import { getSession } from '@/shared/session/session';
import { recipeListQuery, startRecipePageEarly } from '@/shared/api/recipePage';
import { loadSavedFilters } from '@/shared/lib/savedFilters';
import { withPreferences } from './lib/filters';

/** The Discover tabs; the catalogue list is on 'verified', also the tab of an unknown hash. */
export const DISCOVER_TABS = ['verified', 'community', 'recommended'] as const;

/** The filters the Discover list opens with: the saved ones plus the account's preferences. */
export function openingFilters(preferences: readonly string[]) {
  return withPreferences(loadSavedFilters(), preferences);
}

/**
 * Called by the app's first script on every page load: on /recipes with the catalogue list showing,
 * the list's first page is requested at once (with the saved filters and the signed-in account's
 * preferences, as the list will ask for it), while the rest of the app's code is still arriving.
 * Returns a promise settled once the answer is in, or null when nothing was asked for.
 */
export function startDiscoverListEarly(location: Pick<Location, 'pathname' | 'hash'>): Promise<void> | null {
  if (location.pathname !== '/recipes') return null;
  const tab = decodeURIComponent(location.hash.replace(/^#/, ''));
  if (tab !== DISCOVER_TABS[0] && (DISCOVER_TABS as readonly string[]).includes(tab)) return null;
  const { signedIn, user } = getSession();
  return startRecipePageEarly(recipeListQuery(openingFilters(signedIn ? userPreferences(user) : []), 1, ''));
}
