import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api';
import { STORAGE_KEYS } from '@/shared/lib/storageKeys';
import { useSession } from '@/shared/session';
import type { CategoryRef } from './types';

/** A saved catalogue recipe with its card fields (spec part 1 §3, Saved recipe). */
export interface SavedRecipe {
  recipe_id: number;
  name: string;
  image: string | null;
  category: CategoryRef | null;
  description: string | null;
  serves: number | null;
}

/** Query key of GET /user-saved-recipes (shared by Discover's save hearts and the cookbook). */
export const SAVED_RECIPES_KEY = ['catalogue', 'saved-recipes'] as const;

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

export function storeSavedRecipes(list: SavedRecipe[]): void {
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
    queryKey: SAVED_RECIPES_KEY,
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

/** Replaces the saved list (cache and localStorage) with an answer of the server. */
function useReplaceSaved() {
  const queryClient = useQueryClient();
  return (list: unknown) => {
    if (Array.isArray(list)) {
      storeSavedRecipes(list as SavedRecipe[]);
      queryClient.setQueryData(SAVED_RECIPES_KEY, list as SavedRecipe[]);
    }
  };
}

/** Saves (POST) or unsaves (DELETE) one recipe; the answer is the new list. Failures are only logged. */
export function useToggleSaved(recipeId: number) {
  const replace = useReplaceSaved();
  return useMutation({
    mutationFn: (save: boolean) =>
      save
        ? api.post<SavedRecipe[]>('/user-saved-recipes', { recipe_id: recipeId })
        : api.delete<SavedRecipe[]>(`/user-saved-recipes/${recipeId}`),
    onSuccess: replace,
    onError: (error) => {
      console.error('Saving the recipe failed', error);
    },
  });
}

/** DELETE /user-saved-recipes/{id} for any saved recipe; the answer is the new list. Failures are only logged. */
export function useRemoveSaved() {
  const replace = useReplaceSaved();
  return useMutation({
    mutationFn: (recipeId: number) => api.delete<SavedRecipe[]>(`/user-saved-recipes/${recipeId}`),
    onSuccess: replace,
    onError: (error) => {
      console.error('Removing the saved recipe failed', error);
    },
  });
}
