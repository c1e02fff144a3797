import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api';
import { useSession } from '@/shared/session';

/** An imported recipe as the server keeps it (contract #6, ImportedRecipeOut). `data` is JSON text. */
export interface ImportedRecipe {
  import_recipe_id: number;
  url: string;
  created_at: string;
  import_failed: boolean;
  data: string;
}

export interface ImportedInstruction {
  name?: string | null;
  text?: string | null;
}

/** The parsed `data` of an imported recipe (schema.org Recipe fields), or `{message}` without a recipe. */
export interface ImportedRecipeData {
  name?: string;
  description?: string;
  image?: string | string[] | { url?: string } | Array<string | { url?: string }> | null;
  url?: string;
  '@id'?: string;
  recipeCuisine?: string | string[];
  recipeYield?: string | number | Array<string | number> | null;
  recipeInstructions?: Array<ImportedInstruction | string> | string | null;
  recipeIngredient?: string[] | null;
  message?: string;
}

export const importedKeys = {
  all: ['imported-recipes'] as const,
  list: ['imported-recipes', 'list'] as const,
  one: (id: string) => ['imported-recipes', 'one', id] as const,
};

/** GET /user-imported-recipes: the user's imports, newest first (signed in only). */
export function useImportedRecipes() {
  const { signedIn } = useSession();
  return useQuery({
    queryKey: importedKeys.list,
    queryFn: ({ signal }) => api.get<ImportedRecipe[]>('/user-imported-recipes', { signal }),
    select: sortNewestFirst,
    enabled: signedIn,
  });
}

/**
 * One import of the user by id: taken from the loaded list when it is there, and fetched with
 * GET /user-imported-recipes/{id} (e.g. after a reload).
 */
export function useImportedRecipe(id: string) {
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importedKeys.one(id),
    queryFn: ({ signal }) => api.get<ImportedRecipe>(`/user-imported-recipes/${encodeURIComponent(id)}`, { signal }),
    initialData: () =>
      queryClient
        .getQueryData<ImportedRecipe[]>(importedKeys.list)
        ?.find((item) => String(item.import_recipe_id) === id),
    enabled: signedIn && id !== '',
  });
}

export function sortNewestFirst(list: ImportedRecipe[]): ImportedRecipe[] {
  return [...list].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** Parses the stored `data` JSON text; throws when it is not a JSON object. */
export function parseImportedData(data: string): ImportedRecipeData {
  const value: unknown = JSON.parse(data);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('Imported data is not an object');
  return value as ImportedRecipeData;
}

/** Parses without throwing (null when unreadable). */
export function tryParseImportedData(data: string): ImportedRecipeData | null {
  try {
    return parseImportedData(data);
  } catch {
    return null;
  }
}

export type ImportedCategory = 'IMPORTED' | 'EXTERNAL_LINK';

/** The cookbook's flag: EXTERNAL_LINK when the data carries a message (no recipe on the page), else IMPORTED. */
export function importedCategory(item: ImportedRecipe): ImportedCategory {
  const data = tryParseImportedData(item.data);
  return data && typeof data.message === 'string' && data.message !== '' ? 'EXTERNAL_LINK' : 'IMPORTED';
}

/** True for an absolute http or https URL (the only links the app follows or imports). */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
