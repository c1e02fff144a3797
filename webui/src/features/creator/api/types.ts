/**
 * What the recipe creator reads of the API's answers (wire types in shared/api/wire.ts).
 */
import type { CategoryOption, UserRecipeOut } from '@/shared/api';

export type { IngredientOption } from '@/shared/api';

/** A category to file the recipe under (`kind` tells recipe categories from ingredient ones). */
export type OptionItem = Pick<CategoryOption, 'value' | 'name'> & Partial<Pick<CategoryOption, 'kind'>>;

/** An own recipe as the wizard reads it (the fields it uses). */
export type CreatorRecipe = Omit<
  UserRecipeOut,
  'category' | 'recipe_ingredients' | 'recipe_steps' | 'tags' | 'created_at' | 'updated_at'
>;
