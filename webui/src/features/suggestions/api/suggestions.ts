import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recipeSuggestionsQueryOptions, type RecipeSuggestionsPayload } from '@/shared/api';
import type { FilterItem } from '@/shared/lib/savedFilters';

/** How many suggestions /cook lists. */
export const COOK_LIMIT = 20;

/** What /cook asks for: the typed search, the saved Discover filters and 'Use it up first'. */
export interface CookQuery {
  search: string;
  filters: FilterItem[];
  useUp: boolean;
}

/** The body of POST /recipe-suggestions for /cook (every field sent, so equal asks share a cache entry). */
export function cookBody({ search, filters, useUp }: CookQuery): RecipeSuggestionsPayload {
  return { searchString: search, filters, limit: COOK_LIMIT, use_up: useUp };
}

/** POST /recipe-suggestions as /cook asks it (the shared query of the endpoint). */
export function cookSuggestionsQueryOptions(query: CookQuery) {
  return recipeSuggestionsQueryOptions(cookBody(query));
}

/** The suggestions of /cook; while a new search or switch is asked, the list shown stays. */
export function useCookSuggestions(query: CookQuery) {
  return useQuery({ ...cookSuggestionsQueryOptions(query), placeholderData: keepPreviousData });
}
