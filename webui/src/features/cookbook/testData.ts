import type { PublishRequestOut, SavedRecipe } from '@/shared/api';
import type { UserRecipe } from './api/userRecipes';

export function makeSaved(id: number, overrides: Partial<SavedRecipe> = {}): SavedRecipe {
  return {
    recipe_id: id,
    name: `Saved ${id}`,
    image: null,
    category: { category_id: 1, name: 'Soups' },
    description: `Saved description ${id}`,
    serves: 3,
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<PublishRequestOut> = {}): PublishRequestOut {
  return {
    id: 70,
    entity_id: 7,
    entity_type: 'UserRecipe',
    status: 'pending',
    created_at: '2025-03-01T10:00:00Z',
    updated_at: '2025-03-02T11:30:00Z',
    error: null,
    ...overrides,
  };
}

export function makeUserRecipe(id: number, overrides: Partial<UserRecipe> = {}): UserRecipe {
  const ingredient = (rid: number, name: string, quantity: number, measurement: string, treatment: string | null) => ({
    recipe_ingredient_id: rid,
    quantity,
    measurement,
    treatment,
    ingredient_id: rid < 100 ? rid : null,
    ingredient: {
      name,
      image: null,
      allergen: false,
      category_id: null,
      dairy_free: true,
      default_unit: measurement,
      diabetes_ok: true,
      gluten_free: true,
      sugar_free: true,
      vegan: true,
      vegetarian: true,
    },
  });
  return {
    user_recipe_id: id,
    name: `My recipe ${id}`,
    description: `My description ${id}`,
    image: null,
    serves: 2,
    category_id: 3,
    category: { category_id: 3, name: 'Mains' },
    recipe_ingredients: [
      ingredient(1, 'Rice', 200, 'g', null),
      ingredient(2, 'Onion', 1, 'unit(s)', 'diced'),
      ingredient(101, 'Secret spice', 1, 'tsp', null),
    ],
    steps: [
      { id: 's2', step_order: 2, title: 'Simmer', description: 'Add the rice and water.', timer: '00:00:02', step_image: null },
      { id: 's1', step_order: 1, title: 'Fry the onion', description: 'Until soft.', timer: null, step_image: null },
    ],
    tags: { allergen: false, vegetarian: true, vegan: false, dairy_free: true, gluten_free: true, sugar_free: true },
    published: false,
    recipe_id: null,
    request: null,
    created_at: '2025-02-01T10:00:00Z',
    updated_at: '2025-02-02T10:00:00Z',
    ...overrides,
  };
}
