import type { ImportedRecipe } from '@/shared/api';

export interface ImportedInstruction {
  name?: string | null;
  text?: string | null;
}

/**
 * The parsed `data` of an imported recipe (schema.org Recipe fields), or `{message}` without a
 * recipe. The server keeps it as JSON text, so it is not part of the API's wire types.
 */
export interface ImportedRecipeData {
  name?: string;
  description?: string;
  /** Answered as addresses of the server's image proxy (`/api/pwa/imported-images/...`), never the page's links. */
  image?: string | string[] | { url?: string } | Array<string | { url?: string }> | null;
  url?: string;
  '@id'?: string;
  recipeCuisine?: string | string[];
  recipeYield?: string | number | Array<string | number> | null;
  /** ISO 8601 durations ("PT1H15M"), "" when the page gives none. */
  totalTime?: string | null;
  prepTime?: string | null;
  cookTime?: string | null;
  recipeInstructions?: Array<ImportedInstruction | string> | string | null;
  recipeIngredient?: string[] | null;
  message?: string;
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
