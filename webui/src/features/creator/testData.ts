import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import type { PublishRequestOut, UserRecipeIn, ValidateResult } from '@/shared/api';
import type { CreatorRecipe, IngredientOption, OptionItem } from './api/types';
import type { RecipeDraft } from './lib/draft';

export const formOptionsUrl = (kind: string) =>
  new URL(`/api/form-options/${kind}`, window.location.origin).toString();

export const CATEGORIES: OptionItem[] = [
  { value: 3, name: 'Dinner' },
  { value: 4, name: 'Soups' },
];

export const INGREDIENTS: IngredientOption[] = [
  { value: 11, name: 'Onion', image: null, category_id: 1, default_unit: 'unit(s)' },
  { value: 12, name: 'Red lentils', image: null, category_id: 2, default_unit: 'g' },
  { value: 13, name: 'Spring onion', image: null, category_id: 1, default_unit: 'unit(s)' },
  { value: 14, name: 'Vegetable stock', image: null, category_id: 3, default_unit: 'ml' },
];

export const CLEAN_CHECK: ValidateResult = {
  banned_words: [],
  name_taken: false,
  custom_ingredients: [],
  errors: [],
  tags: { allergen: false, vegetarian: false, vegan: false, dairy_free: false, gluten_free: false, sugar_free: false },
};

/** A complete draft (valid on every step). */
export function validDraft(overrides: Partial<RecipeDraft> = {}): RecipeDraft {
  return {
    category_id: 4,
    name: 'Lentil soup',
    description: 'A warming soup.',
    serves: 4,
    image: null,
    published: false,
    user_recipe_id: null,
    ingredients: [
      {
        value: 12,
        name: 'Red lentils',
        image: null,
        quantity: 200,
        measurement: 'g',
        treatment: null,
        default_unit: 'g',
      },
      {
        value: 11,
        name: 'Onion',
        image: null,
        quantity: 1,
        measurement: 'unit(s)',
        treatment: 'diced',
        default_unit: 'unit(s)',
      },
    ],
    steps: [
      { id: 'step-a', title: 'Soften', description: 'Soften the onion.', timer: '00:05:00', step_image: null },
      { id: 'step-b', title: 'Simmer', description: 'Simmer with the lentils.', timer: null, step_image: null },
    ],
    ...overrides,
  };
}

/** Puts a draft into localStorage as the wizard would have stored it. */
export function storeTestDraft(draft: RecipeDraft, ownerId: number | null = 1): void {
  window.localStorage.setItem('draft_recipe', JSON.stringify({ ...draft, owner_id: ownerId }));
}

/** An own recipe as the server answers it, made from a request body. */
export function recipeOut(id: number, body: UserRecipeIn, overrides: Partial<CreatorRecipe> = {}): CreatorRecipe {
  return {
    user_recipe_id: id,
    name: body.name,
    description: body.description,
    image: body.image,
    serves: body.serves,
    category_id: body.category_id,
    ingredients: body.ingredients.map((item) => ({
      value: typeof item.value === 'number' ? item.value : null,
      name: item.name,
      quantity: item.quantity,
      measurement: item.measurement ?? 'unit(s)',
      treatment: item.treatment,
      image: item.image,
      default_unit: item.default_unit ?? 'unit(s)',
      custom: typeof item.value !== 'number',
    })),
    steps: body.steps.map((step, index) => ({
      id: step.id ?? `s${index}`,
      step_order: index + 1,
      title: step.title,
      description: step.description,
      timer: step.timer,
      step_image: step.step_image,
    })),
    published: false,
    recipe_id: null,
    request: null,
    ...overrides,
  };
}

export function publishRequest(entityId: number, overrides: Partial<PublishRequestOut> = {}): PublishRequestOut {
  return {
    id: 90,
    entity_id: entityId,
    entity_type: 'UserRecipe',
    status: 'pending',
    created_at: '2025-05-01T10:00:00Z',
    updated_at: '2025-05-01T10:00:00Z',
    error: null,
    ...overrides,
  };
}

export interface BackendCalls {
  validate: Partial<UserRecipeIn>[];
  create: UserRecipeIn[];
  update: { id: number; body: UserRecipeIn }[];
  publish: unknown[];
  uploads: { name: string; type: string; size: number }[];
}

export interface BackendOptions {
  /** Answer of POST /user-recipe-validate for a body. */
  check?: (body: Partial<UserRecipeIn>) => ValidateResult;
  /** A stored recipe served by GET /user-recipe-creator/{id}. */
  existing?: CreatorRecipe;
  create?: (body: UserRecipeIn) => Response | undefined;
  update?: (body: UserRecipeIn) => Response | undefined;
  publish?: (body: unknown) => Response | undefined;
  upload?: () => Response | undefined;
}

/** MSW handlers for every call the wizard makes; records the writes. */
export function creatorBackend(options: BackendOptions = {}): BackendCalls {
  const calls: BackendCalls = { validate: [], create: [], update: [], publish: [], uploads: [] };
  const saved = new Map<number, CreatorRecipe>();
  if (options.existing) saved.set(options.existing.user_recipe_id, options.existing);
  server.use(
    // What the own recipe viewer loads after the wizard navigates there.
    http.get(apiUrl('/user-recipe-creator'), () => HttpResponse.json([...saved.values()])),
    http.get(apiUrl('/publish-requests'), () => HttpResponse.json([])),
    http.get(formOptionsUrl('categories'), () => HttpResponse.json({ data: CATEGORIES })),
    http.get(formOptionsUrl('ingredients'), () => HttpResponse.json({ data: INGREDIENTS })),
    http.post(apiUrl('/user-recipe-validate'), async ({ request }) => {
      const body = (await request.json()) as Partial<UserRecipeIn>;
      calls.validate.push(body);
      return HttpResponse.json(options.check ? options.check(body) : CLEAN_CHECK);
    }),
    http.get(apiUrl('/user-recipe-creator/:id'), ({ params }) => {
      const recipe = saved.get(Number(params.id));
      return recipe ? HttpResponse.json(recipe) : HttpResponse.json({ message: 'Recipe not found' }, { status: 404 });
    }),
    http.post(apiUrl('/user-recipe-creator'), async ({ request }) => {
      const body = (await request.json()) as UserRecipeIn;
      calls.create.push(body);
      const answer = options.create?.(body);
      if (answer) return answer;
      const recipe = recipeOut(7, body);
      saved.set(7, recipe);
      return HttpResponse.json({ data: recipe }, { status: 201 });
    }),
    http.put(apiUrl('/user-recipe-creator/:id'), async ({ request, params }) => {
      const body = (await request.json()) as UserRecipeIn;
      calls.update.push({ id: Number(params.id), body });
      const answer = options.update?.(body);
      if (answer) return answer;
      const recipe = recipeOut(Number(params.id), body);
      saved.set(recipe.user_recipe_id, recipe);
      return HttpResponse.json({ data: recipe });
    }),
    http.post(apiUrl('/publish-requests'), async ({ request }) => {
      const body = (await request.json()) as { entity_id: number };
      calls.publish.push(body);
      return options.publish?.(body) ?? HttpResponse.json({ data: publishRequest(body.entity_id) }, { status: 201 });
    }),
    http.post(apiUrl('/uploads'), async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      if (file && typeof file === 'object') calls.uploads.push({ name: file.name, type: file.type, size: file.size });
      return options.upload?.() ?? HttpResponse.json({ image: 'abc123.jpg' }, { status: 201 });
    }),
  );
  return calls;
}
