import { isHttpUrl } from '@/shared/lib/url';
import { isImportedImageAddress, type IngredientItem, type StepItem } from '@/shared/recipe';
import type { ImportedRecipeData } from './importedData';

/**
 * The image of an imported recipe: the address, or the first entry of a list. The server answers
 * each picture as an address of its image proxy (same origin); nothing else is shown.
 */
export function importedImage(image: ImportedRecipeData['image']): string | null {
  const first: unknown = Array.isArray(image) ? image[0] : image;
  const url = typeof first === 'string' ? first : first && typeof first === 'object' ? (first as { url?: unknown }).url : null;
  return isImportedImageAddress(url) ? url : null;
}

/** Where 'original source' points: the url, or the @id when there is no url (http/https only). */
export function importedSource(data: ImportedRecipeData): string | null {
  if (isHttpUrl(data.url)) return data.url.trim();
  if (isHttpUrl(data['@id'])) return data['@id'].trim();
  return null;
}

/** recipeYield as text (the first entry of a list). */
export function importedYield(value: ImportedRecipeData['recipeYield']): string {
  const first = Array.isArray(value) ? value[0] : value;
  return first === null || first === undefined ? '' : String(first);
}

/** An ISO 8601 duration ("PT1H15M", "P0DT45M") as a cook reads it ("1 h 15 min"); '' when it is none. */
export function readableDuration(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:\d+S)?)?$/i.exec(value.trim());
  if (!match) return '';
  const hours = Number(match[1] ?? 0) * 24 + Number(match[2] ?? 0);
  const minutes = Number(match[3] ?? 0);
  return [hours ? `${hours} h` : '', minutes ? `${minutes} min` : ''].filter(Boolean).join(' ');
}

/** The recipe's times as one line: "Total 1 h 15 min · Prep 10 min · Cook 1 h 5 min" ('' when none). */
export function importedTimes(data: ImportedRecipeData): string {
  const parts: Array<[string, unknown]> = [
    ['Total', data.totalTime],
    ['Prep', data.prepTime],
    ['Cook', data.cookTime],
  ];
  return parts
    .map(([label, value]) => [label, readableDuration(value)])
    .filter(([, text]) => text)
    .map(([label, text]) => `${label} ${text}`)
    .join(' · ');
}

/** recipeInstructions as steps when it is a list (step_order = position + 1, no image); null otherwise. */
export function importedSteps(value: ImportedRecipeData['recipeInstructions']): StepItem[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((item, index) => {
    const name = typeof item === 'string' ? '' : typeof item?.name === 'string' ? item.name : '';
    const text = typeof item === 'string' ? item : typeof item?.text === 'string' ? item.text : '';
    return { key: index, step_order: index + 1, title: name || `Step ${index + 1}`, description: text, image: '' };
  });
}

/**
 * A group's name before an imported ingredient line: the server writes the lines of a named
 * group as "For the sauce: 2 tbsp soy sauce". A name holds no digit, so "1: 2 eggs" and
 * "Ratio 2:1 flour" stay whole.
 */
const GROUP_PREFIX = /^([^:\d]{1,60}?):\s+(\S.*)$/s;

/**
 * recipeIngredient as panel items: value IMPORT_INGREDIENT_{index}, the line as the name and its
 * group apart, so the panel shows the group once and a list gets the line without it.
 */
export function importedIngredients(value: ImportedRecipeData['recipeIngredient']): IngredientItem[] {
  if (!Array.isArray(value)) return [];
  return value.map((text, index) => {
    const line = String(text);
    const [, group, rest] = GROUP_PREFIX.exec(line) ?? [];
    const item: IngredientItem = { value: `IMPORT_INGREDIENT_${index}`, name: rest ?? line };
    if (group && rest) item.group = group.trim();
    return item;
  });
}
