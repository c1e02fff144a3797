/**
 * Small view types of the recipe building blocks shared by the catalogue, the cookbook and the
 * imports (structural: any API type with these fields fits).
 */

/** The dietary tags of a recipe (spec part 1 §3, Recipe tags). */
export interface DietaryTags {
  allergen: boolean;
  vegetarian: boolean;
  vegan: boolean;
  dairy_free: boolean;
  gluten_free: boolean;
  sugar_free: boolean;
}

/** A recipe's category as the API names it inside a recipe. */
export interface CategoryRef {
  category_id: number;
  name: string;
}

/** One line of the ingredient panel: `value` identifies it, `name` is what it is. */
export interface IngredientItem {
  value: number | string;
  name: string;
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
