import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api';

/** A news item as the server answers it; `HtmlContent` is sanitised server-side. */
export interface NewsItem {
  id: number;
  title: string;
  HtmlContent: string;
  created_at: string | null;
}

/** A catalogue recipe card of the latest-recipes list (only the fields shown here). */
export interface LatestRecipe {
  recipe_id: number;
  name: string;
  description?: string | null;
}

export interface HomeBetaResponse {
  news: NewsItem[];
  categories: unknown[];
  recipes: LatestRecipe[];
  featured: unknown[];
}

export const homeBetaKeys = { all: ['home-beta'] as const };

/** GET /home-beta: news, categories, latest recipes and featured content. */
export function homeBetaQueryOptions() {
  return queryOptions({
    queryKey: homeBetaKeys.all,
    queryFn: ({ signal }) => api.get<HomeBetaResponse>('/home-beta', { signal }),
    staleTime: 60_000,
  });
}

export function useHomeBeta() {
  return useQuery(homeBetaQueryOptions());
}
