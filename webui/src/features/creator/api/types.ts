/** Wire types of the recipe creator (contract for issues #5/#6, 'Own recipes' and 'Publish requests'). */

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

/** One ingredient of a draft (request body). `value` a catalogue id, or 'custom-…' for a custom one. */
export interface DraftIngredientIn {
  value: number | string | null;
  name: string;
  quantity: number;
  measurement: string | null;
  treatment: string | null;
  image: string | null;
  default_unit: string | null;
}

export interface DraftStepIn {
  id: string | null;
  title: string;
  description: string;
  timer: string | null;
  step_image: string | null;
}

/** Body of POST/PUT /user-recipe-creator and POST /user-recipe-validate. */
export interface UserRecipeIn {
  category_id: number | null;
  name: string;
  description: string;
  serves: number;
  image: string | null;
  published: boolean;
  user_recipe_id: number | null;
  ingredients: DraftIngredientIn[];
  steps: DraftStepIn[];
}

export type PublishStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

export interface PublishRequestOut {
  id: number;
  entity_id: number;
  entity_type: 'UserRecipe';
  status: PublishStatus;
  created_at: string;
  updated_at: string;
  error: string | null;
}

export interface UserRecipeIngredientOut {
  value: number | null;
  name: string;
  quantity: number;
  measurement: string | null;
  treatment: string | null;
  image: string | null;
  default_unit: string | null;
  custom: boolean;
}

export interface UserRecipeStepOut {
  id: string;
  step_order: number;
  title: string;
  description: string;
  timer: string | null;
  step_image: string | null;
}

/** An own recipe as the server answers it (the fields the wizard uses). */
export interface UserRecipeOut {
  user_recipe_id: number;
  name: string;
  description: string;
  image: string | null;
  serves: number;
  category_id: number | null;
  ingredients: UserRecipeIngredientOut[];
  steps: UserRecipeStepOut[];
  published: boolean;
  recipe_id: number | null;
  request: PublishRequestOut | null;
}

/** Answer of POST /user-recipe-validate (the publish check). */
export interface ValidateResult {
  banned_words: string[];
  name_taken: boolean;
  custom_ingredients: string[];
  errors: string[];
  tags?: Record<string, boolean>;
}
