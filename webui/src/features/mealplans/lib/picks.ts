import type { ImportedRecipe, PlanEntry, RecipeSummary } from '@/shared/api';
import { catalogueEntryType, PLAN_ENTRY_TYPES } from '@/shared/recipe';
import type { OwnRecipe } from '../api/recipeSources';

/** The server keeps an image name of at most this many characters. */
const IMAGE_MAX = 300;

/** A recipe the search panel offers, with the entry picking it adds to the day. */
export interface RecipePick {
  key: string;
  name: string;
  /** Where it comes from, shown beside its name. */
  source: 'my recipes' | 'imported' | 'discover';
  entry: PlanEntry;
}

export function cataloguePick(recipe: Pick<RecipeSummary, 'recipe_id' | 'name' | 'image' | 'category_id'>): RecipePick {
  return {
    key: `catalogue-${recipe.recipe_id}`,
    name: recipe.name,
    source: 'discover',
    entry: { name: recipe.name, value: recipe.recipe_id, image: recipe.image, type: catalogueEntryType(recipe.category_id), checked: false },
  };
}

export function ownPick(recipe: OwnRecipe): RecipePick {
  return {
    key: `own-${recipe.user_recipe_id}`,
    name: recipe.name,
    source: 'my recipes',
    entry: { name: recipe.name, value: recipe.user_recipe_id, image: recipe.image, type: PLAN_ENTRY_TYPES.user, checked: false },
  };
}

interface ImportedData {
  name?: unknown;
  image?: unknown;
  message?: unknown;
}

function firstImage(image: unknown): string | null {
  const url = Array.isArray(image) ? firstImage(image[0]) : image;
  if (typeof url === 'string') return url && url.length <= IMAGE_MAX ? url : null;
  if (url && typeof url === 'object' && 'url' in url) return firstImage((url as { url: unknown }).url);
  return null;
}

/**
 * An imported recipe: IMPORTED with its id when a recipe was read from the page; a page without one
 * (a failed import, or data carrying only a message) is planned as an EXTERNAL_LINK to its URL.
 */
export function importedPick(item: ImportedRecipe): RecipePick {
  let data: ImportedData = {};
  try {
    const parsed: unknown = JSON.parse(item.data);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as ImportedData;
  } catch {
    // Unreadable data: the import is planned as its link.
  }
  const name = typeof data.name === 'string' && data.name.trim() ? data.name.trim() : item.url;
  const linkOnly = item.import_failed || (typeof data.message === 'string' && data.message !== '') || !data.name;
  return {
    key: `imported-${item.import_recipe_id}`,
    name,
    source: 'imported',
    entry: linkOnly
      ? { name, value: item.url, image: null, type: PLAN_ENTRY_TYPES.externalLink, checked: false }
      : { name, value: item.import_recipe_id, image: firstImage(data.image), type: PLAN_ENTRY_TYPES.imported, checked: false },
  };
}

/** A custom entry: a name only (no recipe behind it). */
export function customEntry(name: string): PlanEntry {
  return { name: name.trim(), value: null, image: null, type: PLAN_ENTRY_TYPES.custom, checked: false };
}

/** Case-insensitive containment of the typed text (everything while nothing is typed). */
export function matches(name: string, text: string): boolean {
  const wanted = text.trim().toLowerCase();
  return wanted === '' || name.toLowerCase().includes(wanted);
}
