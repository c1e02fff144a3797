import { useQuery } from '@tanstack/react-query';
import { recipeSuggestionsQueryOptions, type RecipeSuggestionsPayload } from '@/shared/api';

/** How many recipes a day's 'suggest' offers. */
export const DAY_SUGGESTIONS_LIMIT = 5;

/** What a day's 'suggest' asks POST /recipe-suggestions: the top five, whatever expires. */
export const DAY_SUGGESTIONS_BODY: RecipeSuggestionsPayload = { limit: DAY_SUGGESTIONS_LIMIT, use_up: false };

/** POST /recipe-suggestions as a day's 'suggest' asks it (the shared query of the endpoint). */
export function daySuggestionsQueryOptions() {
  return recipeSuggestionsQueryOptions(DAY_SUGGESTIONS_BODY);
}

export function useDaySuggestions(enabled: boolean) {
  return useQuery({ ...daySuggestionsQueryOptions(), enabled });
}
