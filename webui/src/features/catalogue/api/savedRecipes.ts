import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys, type SavedRecipe, type SavePayload } from '@/shared/api';
import { STORAGE_KEYS } from '@/shared/lib/storageKeys';
import { useSession } from '@/shared/session';

// The saved recipes (spec part 1 §3, Saved recipe): the catalogue's endpoint, shown by Discover's
// save hearts and by the saved tab the app puts in the cookbook.

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
    queryKey: queryKeys.savedRecipes.all,
    queryFn: async ({ signal }) => {
      const list = await api.get('/user-saved-recipes', { signal });
      storeSavedRecipes(list);
      return list;
    },
    placeholderData: readStoredSavedRecipes,
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/**
 * A change's hooks on the saved list: before it is sent, a read of the list still on its way is
 * cancelled (its answer, older than the change's, would land after it and undo it in the cache
 * and localStorage); on success the list is replaced with the server's answer.
 */
function useReplaceSaved() {
  const queryClient = useQueryClient();
  return {
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.savedRecipes.all }),
    onSuccess: (list: unknown) => {
      if (Array.isArray(list)) {
        storeSavedRecipes(list as SavedRecipe[]);
        queryClient.setQueryData(queryKeys.savedRecipes.all, list as SavedRecipe[]);
      }
    },
  };
}

/**
 * Saves (POST) or unsaves (DELETE) one recipe; the answer is the new list. Failures are logged (the
 * heart tells the user). Sent even when the browser says it is offline (networkMode 'always'), so
 * that it fails at once instead of waiting paused for the network.
 */
export function useToggleSaved(recipeId: number) {
  const replace = useReplaceSaved();
  return useMutation({
    networkMode: 'always',
    mutationFn: (save: boolean) =>
      save
        ? api.post('/user-saved-recipes', { recipe_id: recipeId } satisfies SavePayload)
        : unsaveRecipe(recipeId),
    ...replace,
    onError: (error) => {
      console.error('Saving the recipe failed', error);
    },
  });
}

/** DELETE /user-saved-recipes/{recipe_id}: the answer is the list without it. */
function unsaveRecipe(recipeId: number) {
  return api.delete('/user-saved-recipes/{recipe_id}', { params: { recipe_id: recipeId } });
}

/** Unsaves any saved recipe; the answer is the new list. Failures are only logged. */
export function useRemoveSaved() {
  const replace = useReplaceSaved();
  return useMutation({
    mutationFn: unsaveRecipe,
    ...replace,
    onError: (error) => {
      console.error('Removing the saved recipe failed', error);
    },
  });
}
