import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@/shared/api';

export type { HomeBetaResponse, LatestRecipe, NewsItem } from '@/shared/api';

/** GET /home-beta: news, categories, latest recipes and featured content. */
export function homeBetaQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.homeBeta.all,
    queryFn: ({ signal }) => api.get('/home-beta', { signal }),
    staleTime: 60_000,
  });
}

export function useHomeBeta() {
  return useQuery(homeBetaQueryOptions());
}
