import { useQuery } from '@tanstack/react-query';
import { recipeSuggestionsQueryOptions, type RecipeSuggestionsPayload } from '@/shared/api';

/** How many recipes 'Use it up' shows. */
export const USE_IT_UP_LIMIT = 3;

/** What 'Use it up' asks POST /recipe-suggestions: the top three using stock that expires soon. */
export const USE_IT_UP_BODY: RecipeSuggestionsPayload = { use_up: true, limit: USE_IT_UP_LIMIT };

/** POST /recipe-suggestions as the dashboard's 'Use it up' asks it (the shared query of the endpoint). */
export function useItUpQueryOptions() {
  return recipeSuggestionsQueryOptions(USE_IT_UP_BODY);
}

export function useUseItUp() {
  return useQuery(useItUpQueryOptions());
}
