import { api } from '@/shared/api';
import type { CategoryRef, DietaryTags } from './types';

/**
 * Wire types of own recipes and publish requests (contract for issues #5/#6, 'Own recipes' and
 * 'Publish requests'), shared by the creator, the cookbook and the admin's moderation screen.
 */

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
  /** The rejection reason or the failed check's text. */
  error: string | null;
}

/** An item of `ingredients`: the draft's ingredient with its catalogue id (null when custom) and `custom`. */
export interface UserRecipeIngredientOut extends Omit<DraftIngredientIn, 'value'> {
  value: number | null;
  custom: boolean;
}

/** An item of `recipe_ingredients` (the catalogue's shape; the fields the app reads). */
export interface UserRecipeIngredientRow {
  recipe_ingredient_id: number;
  quantity: number | string | null;
  measurement: string | null;
  treatment: string | null;
  ingredient_id: number | null;
  ingredient: { name: string; image?: string | null } | null;
}

/** A saved step: the draft's step with its id and its order (from 1). */
export interface UserRecipeStepOut extends Omit<DraftStepIn, 'id'> {
  id: string;
  step_order: number;
}

/**
 * An own recipe as the server answers it (the fields the app reads; `recipe_steps`, the
 * catalogue-shaped copy of `steps`, is not read). Each feature picks the fields it uses.
 */
export interface UserRecipeOut {
  user_recipe_id: number;
  name: string;
  description: string;
  image: string | null;
  serves: number;
  category_id: number | null;
  category: CategoryRef | null;
  ingredients: UserRecipeIngredientOut[];
  recipe_ingredients: UserRecipeIngredientRow[];
  steps: UserRecipeStepOut[];
  tags: DietaryTags;
  published: boolean;
  recipe_id: number | null;
  request: PublishRequestOut | null;
  created_at: string;
  updated_at: string;
}

/** Answer of POST /user-recipe-validate (the publish check). */
export interface ValidateResult {
  banned_words: string[];
  name_taken: boolean;
  custom_ingredients: string[];
  errors: string[];
  tags?: Record<string, boolean>;
}

/** POST /publish-requests/ {entity_id, entity_type: 'UserRecipe'} -> 201 {data: request}. */
export function postPublishRequest(userRecipeId: number) {
  return api.post<{ data: PublishRequestOut }>('/publish-requests/', {
    entity_id: userRecipeId,
    entity_type: 'UserRecipe',
  });
}
