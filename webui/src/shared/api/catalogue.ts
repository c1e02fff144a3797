import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';
import { fetchRecipePage, type RecipeListQuery, takeEarlyRecipePage } from './recipePage';

export { recipeListQuery, type RecipeListQuery } from './recipePage';

/**
 * One page of the catalogue's recipes (GET /recipes, GET /recipe-search or POST /recipe-filter, by
 * the query): Discover's list, and the recipes a plan's search panel offers.
 */
export function recipePageQueryOptions(query: RecipeListQuery) {
  return queryOptions({
    queryKey: queryKeys.catalogue.list(query),
    queryFn: ({ signal }) => fetchRecipePage(query, signal),
    // The answer to a request the app's first script started, when it came in before the list.
    initialData: () => takeEarlyRecipePage(query),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
