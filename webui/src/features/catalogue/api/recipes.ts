import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api';
import { type CategoryRef, type DietaryTags, SAVED_RECIPES_KEY } from '@/shared/recipe';
import type { FilterItem } from '../lib/filters';

// The saved recipes live in shared/recipe (the cookbook lists and removes them too).
export {
  readStoredSavedRecipes,
  type SavedRecipe,
  useSavedRecipes,
  useToggleSaved,
} from '@/shared/recipe';

/** A catalogue recipe as listed (spec part 1 §3, Recipe). */
export interface RecipeSummary {
  recipe_id: number;
  name: string;
  description: string | null;
  image: string | null;
  serves: number | null;
  category: CategoryRef | null;
  category_id: number | null;
  tags: DietaryTags;
  allergens: string[];
  verified: boolean;
  comments: string | null;
  updated_at: string | null;
}

export interface Ingredient {
  ingredient_id: number;
  name: string;
  allergen?: boolean;
  allergens?: string[];
  vegan?: boolean;
  vegetarian?: boolean;
  diabetes_ok?: boolean;
  sugar_free?: boolean;
  gluten_free?: boolean;
  dairy_free?: boolean;
  category_id?: number | null;
  image?: string | null;
  default_unit?: string | null;
  estimated_expiry_days?: number | null;
}

export interface RecipeIngredient {
  recipe_ingredient_id: number;
  quantity: number | string | null;
  measurement: string | null;
  treatment: string | null;
  ingredient_id: number;
  ingredient: Ingredient | null;
}

export interface RecipeStep {
  recipe_step_id: number;
  step_order: number;
  name: string | null;
  title: string | null;
  description: string | null;
  image: string | null;
  ingredients: number[];
  timer: string | null;
}

export interface RecipeDetail extends RecipeSummary {
  recipe_ingredients: RecipeIngredient[];
  recipe_steps: RecipeStep[];
}

/** A page of recipes with pagination (spec part 1 §3, Pagination). */
export interface RecipePage {
  data: RecipeSummary[];
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
}

export interface OptionItem {
  value: number | string;
  name: string;
  image?: string | null;
  category_id?: number | null;
  default_unit?: string | null;
  kind?: 'recipe' | 'ingredient';
}

/** What the Discover list shows: the plain list, a search, or a filtered (and maybe searched) list. */
export type RecipeListQuery =
  | { kind: 'list'; page: number }
  | { kind: 'search'; page: number; search: string }
  | { kind: 'filter'; page: number; search: string; filters: FilterItem[] };

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (query: RecipeListQuery) => ['catalogue', 'recipes', query] as const,
  recipe: (id: string) => ['catalogue', 'recipe', id] as const,
  saved: SAVED_RECIPES_KEY,
  options: (kind: 'categories' | 'ingredients') => ['catalogue', 'form-options', kind] as const,
};

function fetchRecipePage(query: RecipeListQuery, signal: AbortSignal): Promise<RecipePage> {
  switch (query.kind) {
    case 'list':
      return api.get<RecipePage>(`/recipes?page=${query.page}`, { signal });
    case 'search':
      return api.get<RecipePage>(
        `/recipe-search?page=${query.page}&search=${encodeURIComponent(query.search)}`,
        { signal },
      );
    case 'filter':
      return api.post<RecipePage>(
        '/recipe-filter',
        { pageToRequest: query.page, searchString: query.search, filters: query.filters },
        { signal },
      );
  }
}

export function recipePageQueryOptions(query: RecipeListQuery) {
  return queryOptions({
    queryKey: catalogueKeys.list(query),
    queryFn: ({ signal }) => fetchRecipePage(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useRecipePage(query: RecipeListQuery) {
  return useQuery(recipePageQueryOptions(query));
}

/** GET /recipes/{id}: one catalogue recipe with ingredients and steps. */
export function useRecipe(id: string) {
  return useQuery({
    queryKey: catalogueKeys.recipe(id),
    queryFn: ({ signal }) => api.get<RecipeDetail>(`/recipes/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
  });
}

function useOptions(kind: 'categories' | 'ingredients', enabled: boolean) {
  return useQuery({
    queryKey: catalogueKeys.options(kind),
    queryFn: ({ signal }) => api.get<{ data: OptionItem[] }>(`/form-options/${kind}`, { signal, base: '/api' }),
    // Recipes are filed under recipe categories only; ingredient categories are for stores.
    select: (answer) => answer.data.filter((option) => option.kind === undefined || option.kind === 'recipe'),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** GET /api/form-options/categories or /ingredients (loaded when `enabled`). */
export function useFormOptions(kind: 'categories' | 'ingredients', enabled = true) {
  return useOptions(kind, enabled);
}
