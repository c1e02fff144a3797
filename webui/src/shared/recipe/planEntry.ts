import { isHttpUrl } from '@/shared/lib/url';
import { isImportedImageAddress } from './RecipeImage';

/**
 * The types of a meal plan's recipe entry besides a catalogue recipe's category id (spec part 2
 * §3 'Details'): a catalogue recipe without a category is 'A9'.
 */
export const PLAN_ENTRY_TYPES = {
  catalogueWithoutCategory: 'A9',
  custom: 'CUSTOM',
  user: 'USER',
  imported: 'IMPORTED',
  externalLink: 'EXTERNAL_LINK',
} as const;

/** The fields of a plan entry that say what it is. */
export interface PlanEntryRef {
  type: string;
  value: number | string | null;
}

/** Where a plan entry leads: a page of the app, an external page (a new tab), or nowhere. */
export type PlanEntryTarget = { kind: 'page'; to: string } | { kind: 'external'; href: string } | null;

/**
 * The page of a plan entry: an own recipe /user-recipes/{id}, an imported one
 * /imported-recipes/{id}, an external link its URL (http or https only), a custom entry nothing;
 * any other type is a catalogue recipe's category, /recipes/{id}.
 */
export function planEntryTarget({ type, value }: PlanEntryRef): PlanEntryTarget {
  if (type === PLAN_ENTRY_TYPES.custom || value === null || value === '') return null;
  if (type === PLAN_ENTRY_TYPES.externalLink) {
    return typeof value === 'string' && isHttpUrl(value) ? { kind: 'external', href: value.trim() } : null;
  }
  const id = encodeURIComponent(String(value));
  if (type === PLAN_ENTRY_TYPES.user) return { kind: 'page', to: `/user-recipes/${id}` };
  if (type === PLAN_ENTRY_TYPES.imported) return { kind: 'page', to: `/imported-recipes/${id}` };
  return { kind: 'page', to: `/recipes/${id}` };
}

/** The type of a catalogue recipe's plan entry: its category id as text, or 'A9' without one. */
export function catalogueEntryType(categoryId: number | null | undefined): string {
  return categoryId === null || categoryId === undefined
    ? PLAN_ENTRY_TYPES.catalogueWithoutCategory
    : String(categoryId);
}

/**
 * A plan entry's picture: an imported recipe's (the server's image proxy address, or an absolute
 * URL an older answer may still hold) as `src`, else a stored upload name.
 */
export function planEntryImage(image: string | null | undefined): { src?: string; image?: string | null } {
  return isImportedImageAddress(image) || isHttpUrl(image) ? { src: image } : { image: image ?? null };
}
