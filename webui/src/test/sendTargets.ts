import { http, HttpResponse } from 'msw';
import type { MealPlan, MealPlanUpdatePayload, MergePayload, ShoppingList } from '@/shared/api';
import { apiUrl, server } from './server';

/** A plan of `days` empty undated days that the user owns. */
export function makeSendPlan(id: number, overrides: Partial<MealPlan> = {}): MealPlan {
  const days = overrides.days ?? 2;
  return {
    user_mealplan_id: id,
    user_id: 1,
    name: `Plan ${id}`,
    days,
    number_of_days: days,
    start_date: null,
    end_date: null,
    recipes: Array.from({ length: days }, (_, day) => ({ day, date: null, recipes: [] })),
    shared_with: [],
    owner_name: 'alice_cook',
    role: 'owner',
    updated_at: '2025-03-01T12:00:00Z',
    ...overrides,
  };
}

/** A list the user owns, without items. */
export function makeSendList(id: number, overrides: Partial<ShoppingList> = {}): ShoppingList {
  return {
    user_shoppinglist_id: id,
    user_id: 1,
    name: `List ${id}`,
    ingredients: [],
    owner_name: 'alice_cook',
    role: 'owner',
    shared_with: [],
    updated_at: '2025-03-01T12:00:00Z',
    ...overrides,
  };
}

/**
 * The calls of 'send ingredients to list' and 'send recipe to mealplan': GET /user-shoppinglists
 * and /user-mealplans answer `lists` and `plans`, GET /user-mealplans/{id} the plan; the merges
 * and plan writes made are recorded.
 */
export function serveSendTargets({ lists = [], plans = [] }: { lists?: ShoppingList[]; plans?: MealPlan[] }) {
  const sent = {
    merges: [] as { listId: number; body: MergePayload }[],
    planWrites: [] as { planId: number; body: MealPlanUpdatePayload }[],
  };
  const plan = (id: number) => plans.find((item) => item.user_mealplan_id === id);
  server.use(
    http.get(apiUrl('/user-shoppinglists'), () => HttpResponse.json({ data: lists })),
    http.post(apiUrl('/user-shoppinglists/:id/merge'), async ({ params, request }) => {
      const listId = Number(params.id);
      sent.merges.push({ listId, body: (await request.json()) as MergePayload });
      return HttpResponse.json({ data: lists.find((list) => list.user_shoppinglist_id === listId) });
    }),
    http.get(apiUrl('/user-mealplans'), () => HttpResponse.json({ data: plans })),
    http.get(apiUrl('/user-mealplans/:id'), ({ params }) => HttpResponse.json({ data: plan(Number(params.id)) })),
    http.put(apiUrl('/user-mealplans/:id'), async ({ params, request }) => {
      const planId = Number(params.id);
      sent.planWrites.push({ planId, body: (await request.json()) as MealPlanUpdatePayload });
      return HttpResponse.json({ data: plan(planId) });
    }),
  );
  return sent;
}
