import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import type { MealPlan, MealPlanUpdatePayload } from './wire';

/**
 * GET /user-mealplans: the user's own plans (by start date) and the plans shared with them. One
 * cache entry for every screen that reads it (the plan screens, 'send recipe to mealplan').
 */
export function mealPlansQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.mealPlans.list(),
    queryFn: ({ signal }) => api.get('/user-mealplans', { signal }),
    networkMode: 'offlineFirst',
  });
}

/** GET /user-mealplans/{plan_id}: one plan with every one of its days. */
export function mealPlanQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.mealPlans.detail(id),
    queryFn: async ({ signal }) => (await api.get('/user-mealplans/{plan_id}', { params: { plan_id: id }, signal })).data,
    networkMode: 'offlineFirst',
  });
}

/** True when the user may change the plan: its owner, or a person it is shared with with edit rights. */
export function canEditPlan(plan: Pick<MealPlan, 'role'>): boolean {
  return plan.role === 'owner' || plan.role === 'editor';
}

/**
 * A plan as the server now has it (after a write): it replaces the cached plan and its row in the
 * list, then the list, the dashboard (today's meals) and its ingredient check are fetched again.
 */
export function planSaved(queryClient: QueryClient, plan: MealPlan): void {
  queryClient.setQueryData(mealPlanQueryOptions(plan.user_mealplan_id).queryKey, plan);
  queryClient.setQueryData(mealPlansQueryOptions().queryKey, (answer) =>
    answer
      ? { data: answer.data.map((item) => (item.user_mealplan_id === plan.user_mealplan_id ? plan : item)) }
      : answer,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.list() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.ingredients(plan.user_mealplan_id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
}

/**
 * PUT /user-mealplans/{plan_id} (the editor's autosave, the scheduler, 'send recipe to mealplan'):
 * fields left out keep their value; the answered plan is stored (`planSaved`).
 */
export async function updatePlan(
  queryClient: QueryClient,
  id: number,
  payload: MealPlanUpdatePayload,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<MealPlan> {
  const answer = await api.put('/user-mealplans/{plan_id}', payload, {
    params: { plan_id: id },
    ...(keepalive ? { keepalive } : {}),
  });
  planSaved(queryClient, answer.data);
  return answer.data;
}
