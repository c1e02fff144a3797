import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api';
import { STORAGE_KEYS } from '@/shared/lib/storageKeys';
import { useSession } from '@/shared/session';
import type { FilterItem } from '../lib/filters';

export interface RecipeTags {
  allergen: boolean;
  vegetarian: boolean;
  vegan: boolean;
  dairy_free: boolean;
  gluten_free: boolean;
  sugar_free: boolean;
}

export interface RecipeCategory {
  category_id: number;
  name: string;
}

/** A catalogue recipe as listed (spec part 1 §3, Recipe). */
export interface RecipeSummary {
  recipe_id: number;
  name: string;
  description: string | null;
  image: string | null;
  serves: number | null;
  category: RecipeCategory | null;
  category_id: number | null;
  tags: RecipeTags;
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

export interface SavedRecipe {
  recipe_id: number;
  name: string;
  image: string | null;
  category: RecipeCategory | null;
  description: string | null;
  serves: number | null;
}

export interface OptionItem {
  value: number | string;
  name: string;
  image?: string | null;
  category_id?: number | null;
  default_unit?: string | null;
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
  saved: ['catalogue', 'saved-recipes'] as const,
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
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** GET /api/form-options/categories or /ingredients (loaded when `enabled`). */
export function useFormOptions(kind: 'categories' | 'ingredients', enabled = true) {
  return useOptions(kind, enabled);
}

/** The saved recipes stored in localStorage (kept in sync with every answer of the server). */
export function readStoredSavedRecipes(): SavedRecipe[] | undefined {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.savedRecipes);
    if (!raw) return undefined;
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value as SavedRecipe[]) : undefined;
  } catch {
    return undefined;
  }
}

function storeSavedRecipes(list: SavedRecipe[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.savedRecipes, JSON.stringify(list));
  } catch (error) {
    console.error(error);
  }
}

/** GET /user-saved-recipes (signed in only). */
export function useSavedRecipes() {
  const { signedIn } = useSession();
  return useQuery({
    queryKey: catalogueKeys.saved,
    queryFn: async ({ signal }) => {
      const list = await api.get<SavedRecipe[]>('/user-saved-recipes', { signal });
      storeSavedRecipes(list);
      return list;
    },
    placeholderData: readStoredSavedRecipes,
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/** Saves (POST) or unsaves (DELETE) one recipe; the answer is the new list. Failures are only logged. */
export function useToggleSaved(recipeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: boolean) =>
      save
        ? api.post<SavedRecipe[]>('/user-saved-recipes', { recipe_id: recipeId })
        : api.delete<SavedRecipe[]>(`/user-saved-recipes/${recipeId}`),
    onSuccess: (list) => {
      if (Array.isArray(list)) {
        storeSavedRecipes(list);
        queryClient.setQueryData(catalogueKeys.saved, list);
      }
    },
    onError: (error) => {
      console.error('Saving the recipe failed', error);
    },
  });
}
