/**
 * Wire types of the recipe creator's form options. The own recipe and publish request types
 * (contract for issues #5/#6) live in shared/recipe/userRecipes.
 */
import type { UserRecipeOut } from '@/shared/recipe';

export interface OptionItem {
  value: number;
  name: string;
  /** Present only if the server tells the kind of a category ('recipe' or 'ingredient'). */
  kind?: string;
}

export interface IngredientOption {
  value: number;
  name: string;
  image: string | null;
  category_id: number | null;
  default_unit: string | null;
}

/** An own recipe as the wizard reads it (the fields it uses). */
export type CreatorRecipe = Omit<UserRecipeOut, 'category' | 'recipe_ingredients' | 'tags' | 'created_at' | 'updated_at'>;
