/**
 * Small view types of the recipe building blocks shared by the catalogue, the cookbook and the
 * imports (structural: any API type with these fields fits).
 */

/** The dietary tags and the category of a recipe, as the API sends them. */
export type { CategoryRef, DietaryTags } from '@/shared/api/wire';

/** One line of the ingredient panel: `value` identifies it, `name` is what it is. */
export interface IngredientItem {
  value: number | string;
  name: string;
  /** The group the line belongs to ("For the sauce"), shown once above its first line. */
  group?: string;
  quantity?: number | string | null;
  measurement?: string | null;
  treatment?: string | null;
}

/** A recipe ingredient as the API answers it (catalogue recipes and own recipes alike). */
export interface RecipeIngredientLike {
  recipe_ingredient_id: number;
  quantity: number | string | null;
  measurement: string | null;
  treatment: string | null;
  ingredient: { name: string } | null;
}

/** One step of a recipe card. */
export interface StepItem {
  key: number | string;
  step_order: number;
  title: string;
  description?: string | null;
  image?: string | null;
  timer?: string | null;
}
