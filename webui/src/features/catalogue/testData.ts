import type { RecipeDetail, RecipePage, RecipeSummary } from './api/recipes';

const NO_TAGS = { allergen: false, vegetarian: false, vegan: false, dairy_free: false, gluten_free: false, sugar_free: false };

/** A catalogue recipe as the list answers it (test data). */
export function makeRecipe(id: number, overrides: Partial<RecipeSummary> = {}): RecipeSummary {
  return {
    recipe_id: id,
    name: `Recipe ${id}`,
    description: `Description ${id}`,
    image: null,
    serves: 2,
    category: { category_id: 1, name: 'Soups' },
    category_id: 1,
    tags: { ...NO_TAGS },
    allergens: [],
    verified: true,
    comments: null,
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A page answer of 20 per page over `total` recipes. */
export function makePage(page: number, total: number, name = (id: number) => `Recipe ${id}`): RecipePage {
  const perPage = 20;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - start));
  const data = Array.from({ length: count }, (_, i) => makeRecipe(start + i + 1, { name: name(start + i + 1) }));
  return {
    data,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    from: count ? start + 1 : null,
    to: count ? start + count : null,
    total,
  };
}

export function makeDetail(overrides: Partial<RecipeDetail> = {}): RecipeDetail {
  const ingredient = (id: number, name: string) => ({
    ingredient_id: id,
    name,
    allergen: false,
    allergens: [],
    vegan: true,
    vegetarian: true,
    diabetes_ok: true,
    sugar_free: true,
    gluten_free: true,
    dairy_free: true,
    category_id: 1,
    image: null,
    default_unit: 'g',
    estimated_expiry_days: 30,
  });
  return {
    ...makeRecipe(4, {
      name: 'Red lentil soup',
      serves: 4,
      tags: { allergen: true, vegetarian: true, vegan: true, dairy_free: true, gluten_free: false, sugar_free: false },
      allergens: ['celery', 'mustard'],
    }),
    recipe_ingredients: [
      { recipe_ingredient_id: 11, quantity: 200, measurement: 'g', treatment: 'rinsed', ingredient_id: 1, ingredient: ingredient(1, 'Red lentils') },
      { recipe_ingredient_id: 12, quantity: 1, measurement: 'unit(s)', treatment: 'diced', ingredient_id: 2, ingredient: ingredient(2, 'Onion') },
      { recipe_ingredient_id: 13, quantity: 2, measurement: 'tsp', treatment: null, ingredient_id: 3, ingredient: ingredient(3, 'Cumin') },
    ],
    recipe_steps: [
      { recipe_step_id: 22, step_order: 2, name: '', title: 'Simmer', description: 'Add the lentils and simmer.', image: null, ingredients: [11], timer: '00:00:02' },
      { recipe_step_id: 21, step_order: 1, name: '', title: 'Soften the onion', description: 'Fry the onion gently.', image: null, ingredients: [12, 13], timer: null },
      { recipe_step_id: 23, step_order: 3, name: 'Serve', title: '', description: 'Blend and serve.', image: null, ingredients: [], timer: null },
    ],
    ...overrides,
  };
}
