import { http, HttpResponse } from 'msw';
import type {
  CheckIngredient,
  CheckRecipe,
  CompletePlanResult,
  ImportedRecipe,
  IngredientCheck,
  MealPlan,
  MealPlanPayload,
  MealPlanUpdatePayload,
  PlanDay,
  PlanEntry,
  RecipeSummary,
} from '@/shared/api';
import { apiUrl, server } from '@/test/server';
import { addDays } from './lib/dates';

export function makeEntry(name: string, overrides: Partial<PlanEntry> = {}): PlanEntry {
  return { name, value: null, image: null, type: 'CUSTOM', checked: false, ...overrides };
}

/** Days 0..n-1, dated from `start` when given, with the recipes of `recipes[i]` on day i. */
export function makeDays(count: number, start: string | null, recipes: PlanEntry[][] = []): PlanDay[] {
  return Array.from({ length: count }, (_, day) => ({
    day,
    date: start ? addDays(start, day) : null,
    recipes: recipes[day] ?? [],
  }));
}

export function makePlan(id: number, overrides: Partial<MealPlan> = {}): MealPlan {
  const days = overrides.days ?? overrides.recipes?.length ?? 3;
  const start = overrides.start_date === undefined ? null : overrides.start_date;
  return {
    user_mealplan_id: id,
    user_id: 1,
    name: `Plan ${id}`,
    days,
    number_of_days: days,
    start_date: start,
    end_date: start ? addDays(start, days - 1) : null,
    recipes: makeDays(days, start),
    shared_with: [],
    owner_name: 'alice_cook',
    role: 'owner',
    updated_at: '2025-03-01T12:00:00Z',
    ...overrides,
  };
}

export function makeCheckIngredient(name: string, overrides: Partial<CheckIngredient> = {}): CheckIngredient {
  return {
    ingredient_id: 11,
    ingredient: { name, ingredient_id: overrides.ingredient_id === undefined ? 11 : overrides.ingredient_id },
    quantity: 200,
    measurement: 'g',
    value: String(overrides.ingredient_id ?? 11),
    stock: [],
    missing: (overrides.stock ?? []).length === 0,
    ...overrides,
  };
}

export function makeCheckRecipe(name: string, overrides: Partial<CheckRecipe> = {}): CheckRecipe {
  return {
    recipe_id: 1,
    name,
    type: 'A9',
    days: [0],
    entries: [{ day: 0, index: 0 }],
    recipe_ingredients: [],
    ...overrides,
  };
}

export function makeRecipe(id: number, name: string): RecipeSummary {
  return {
    recipe_id: id,
    name,
    description: '',
    image: `recipe-${id}.jpg`,
    allergens: [],
    author: null,
    category: { category_id: 1, name: 'Dinner' },
    category_id: 1,
    comments: null,
    serves: 2,
    tags: { vegetarian: false, vegan: false, gluten_free: false, sugar_free: false, dairy_free: false } as RecipeSummary['tags'],
    updated_at: '2025-01-01T00:00:00Z',
    verified: true,
  };
}

export function makeImported(id: number, data: object, overrides: Partial<ImportedRecipe> = {}): ImportedRecipe {
  return {
    import_recipe_id: id,
    url: `https://example.org/recipe-${id}`,
    data: JSON.stringify(data),
    import_failed: false,
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

interface Options {
  checks?: Record<number, IngredientCheck>;
  complete?: (body: unknown, plan: MealPlan) => Omit<CompletePlanResult, 'plan'>;
  ownRecipes?: { user_recipe_id: number; name: string; image: string | null }[];
  imported?: ImportedRecipe[];
  catalogue?: RecipeSummary[];
}

/**
 * A stateful fake of the meal plan calls (and of the recipe, list and share calls the plan screens
 * make): answers like the server's, records every write in `calls`. Each write of a plan moves its
 * `updated_at` on; a PUT with an older `updated_at` is refused with 409 as the server does.
 */
export function fakePlansServer(initial: MealPlan[], options: Options = {}) {
  const state = {
    plans: initial.map((plan) => structuredClone(plan)),
    calls: [] as Call[],
    gets: {} as Record<string, number>,
    version: 0,
  };
  const find = (id: unknown) => state.plans.find((plan) => plan.user_mealplan_id === Number(id));
  const notFound = () => HttpResponse.json({ message: 'Meal plan not found.' }, { status: 404 });
  const record = (method: string, path: string, body: unknown = null) => state.calls.push({ method, path, body });
  const seen = (path: string) => {
    state.gets[path] = (state.gets[path] ?? 0) + 1;
  };
  const touch = (plan: MealPlan) => {
    state.version += 1;
    plan.updated_at = `2025-03-02T12:00:${String(state.version).padStart(2, '0')}Z`;
  };
  const redate = (plan: MealPlan, start: string | null) => {
    plan.start_date = start;
    plan.end_date = start ? addDays(start, plan.days - 1) : null;
    plan.recipes = plan.recipes.map((day) => ({ ...day, date: start ? addDays(start, day.day) : null }));
  };
  const withRecipes = (plan: MealPlan, days: NonNullable<MealPlanPayload['recipes']>) => {
    plan.recipes = plan.recipes.map((day) => {
      const sent = days.find((d) => d.day === day.day);
      return {
        ...day,
        recipes: (sent?.recipes ?? []).map((entry) => ({
          name: entry.name ?? '',
          value: entry.value ?? null,
          image: entry.image ?? null,
          type: entry.type ?? 'CUSTOM',
          checked: entry.checked ?? false,
        })),
      };
    });
  };

  server.use(
    http.get(apiUrl('/user-mealplans'), () => {
      seen('/user-mealplans');
      return HttpResponse.json({ data: state.plans });
    }),
    http.post(apiUrl('/user-mealplans'), async ({ request }) => {
      const body = (await request.json()) as MealPlanPayload;
      record('POST', '/user-mealplans', body);
      const id = Math.max(0, ...state.plans.map((plan) => plan.user_mealplan_id)) + 1;
      const plan = makePlan(id, { name: body.name ?? '', days: body.days ?? 3, start_date: body.start_date ?? null });
      withRecipes(plan, body.recipes ?? []);
      touch(plan);
      state.plans.push(plan);
      return HttpResponse.json({ data: plan }, { status: 201 });
    }),
    http.get(apiUrl('/user-mealplans/:id'), ({ params }) => {
      seen(`/user-mealplans/${String(params.id)}`);
      const plan = find(params.id);
      return plan ? HttpResponse.json({ data: plan }) : notFound();
    }),
    http.put(apiUrl('/user-mealplans/:id'), async ({ params, request }) => {
      const body = (await request.json()) as MealPlanUpdatePayload;
      record('PUT', `/user-mealplans/${String(params.id)}`, body);
      const plan = find(params.id);
      if (!plan) return notFound();
      if (body.updated_at && body.updated_at !== plan.updated_at)
        return HttpResponse.json({ message: 'The plan was changed since you loaded it.' }, { status: 409 });
      if (body.start_date !== undefined) redate(plan, body.start_date);
      if (body.recipes) withRecipes(plan, body.recipes);
      touch(plan);
      return HttpResponse.json({ data: plan });
    }),
    http.delete(apiUrl('/user-mealplans/:id'), ({ params }) => {
      record('DELETE', `/user-mealplans/${String(params.id)}`);
      state.plans = state.plans.filter((plan) => plan.user_mealplan_id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/user-mealplans/:id/ingredients'), ({ params }) => {
      seen(`/user-mealplans/${String(params.id)}/ingredients`);
      const check = options.checks?.[Number(params.id)];
      return HttpResponse.json({ data: check ?? { recipes: [], lists: [] } });
    }),
    http.post(apiUrl('/user-mealplans/:id/complete'), async ({ params, request }) => {
      const body = (await request.json()) as { reschedule_start?: string | null };
      record('POST', `/user-mealplans/${String(params.id)}/complete`, body);
      const plan = find(params.id);
      if (!plan) return notFound();
      if (body.reschedule_start) redate(plan, body.reschedule_start);
      touch(plan);
      const result = options.complete?.(body, plan) ?? { used: [], shortfall: [] };
      return HttpResponse.json({ data: { ...result, plan } });
    }),
    http.put(apiUrl('/share/remove'), async ({ request }) => {
      const body = (await request.json()) as { entity_id: number };
      record('PUT', '/share/remove', body);
      state.plans = state.plans.filter((plan) => plan.user_mealplan_id !== body.entity_id);
      return HttpResponse.json({ message: 'Removed.' });
    }),
    http.put(apiUrl('/share'), async ({ request }) => {
      const body = (await request.json()) as { entity_id: number; shared_with?: { email: string; canEdit?: boolean }[] };
      record('PUT', '/share', body);
      const plan = find(body.entity_id);
      if (!plan) return notFound();
      for (const entry of body.shared_with ?? [])
        if (!plan.shared_with.some((row) => row.email === entry.email))
          plan.shared_with.push({ email: entry.email, canEdit: entry.canEdit ?? false });
      return HttpResponse.json({ data: { shared_with: plan.shared_with } });
    }),
    http.post(apiUrl('/user-shoppinglists/:id/merge'), async ({ params, request }) => {
      const body = await request.json();
      record('POST', `/user-shoppinglists/${String(params.id)}/merge`, body);
      return HttpResponse.json({
        data: {
          user_shoppinglist_id: Number(params.id),
          user_id: 1,
          name: 'List',
          updated_at: '2025-03-01T12:00:00Z',
          owner_name: 'alice_cook',
          ingredients: [],
          shared_with: [],
          role: 'owner',
        },
      });
    }),
    http.get(apiUrl('/user-recipe-creator'), () => HttpResponse.json(options.ownRecipes ?? [])),
    http.get(apiUrl('/user-imported-recipes'), () => HttpResponse.json(options.imported ?? [])),
    http.get(apiUrl('/recipes'), () => pageOf(options.catalogue ?? [])),
    http.get(apiUrl('/recipe-search'), ({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      seen(`/recipe-search?search=${search}`);
      return pageOf((options.catalogue ?? []).filter((recipe) => recipe.name.toLowerCase().includes(search)));
    }),
  );
  return state;
}

function pageOf(recipes: RecipeSummary[]) {
  return HttpResponse.json({
    current_page: 1,
    data: recipes,
    from: recipes.length ? 1 : null,
    last_page: 1,
    per_page: 20,
    to: recipes.length || null,
    total: recipes.length,
  });
}
