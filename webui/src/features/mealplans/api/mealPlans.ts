import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type CompletePlanPayload,
  type CompletePlanResult,
  type Envelope,
  type IngredientCheck,
  type MealPlan,
  type MealPlanPayload,
  type MealPlanUpdatePayload,
  type MergePayload,
  mealPlansQueryOptions,
  queryKeys,
  type ShoppingList,
} from '@/shared/api';

const PLANS = '/user-mealplans';

export function useMealPlans(enabled = true) {
  return useQuery({ ...mealPlansQueryOptions(), select: (answer) => answer.data, enabled });
}

/** GET /user-mealplans/{id}: one plan with every one of its days. */
export function mealPlanQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.mealPlans.detail(id),
    queryFn: async ({ signal }) => (await api.get<Envelope<MealPlan>>(`${PLANS}/${id}`, { signal })).data,
    networkMode: 'offlineFirst',
  });
}

export function useMealPlan(id: number) {
  return useQuery({ ...mealPlanQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/**
 * A plan as the server now has it (after a write): it replaces the cached plan and its row in the
 * list, then the list, the dashboard (today's meals) and its ingredient check are fetched again.
 */
export function planSaved(queryClient: QueryClient, plan: MealPlan): void {
  queryClient.setQueryData(queryKeys.mealPlans.detail(plan.user_mealplan_id), plan);
  queryClient.setQueryData<Envelope<MealPlan[]>>(queryKeys.mealPlans.list(), (answer) =>
    answer
      ? { data: answer.data.map((item) => (item.user_mealplan_id === plan.user_mealplan_id ? plan : item)) }
      : answer,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.list() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.ingredients(plan.user_mealplan_id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
}

/** A plan is gone for the user (deleted, or left): out of the list and the cache. */
function planGone(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<Envelope<MealPlan[]>>(queryKeys.mealPlans.list(), (answer) =>
    answer ? { data: answer.data.filter((item) => item.user_mealplan_id !== id) } : answer,
  );
  queryClient.removeQueries({ queryKey: queryKeys.mealPlans.detail(id) });
  queryClient.removeQueries({ queryKey: queryKeys.mealPlans.ingredients(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.list() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
}

/** PUT /user-mealplans/{id} (editor autosave, scheduler): fields left out keep their value. */
export async function updatePlan(
  queryClient: QueryClient,
  id: number,
  payload: MealPlanUpdatePayload,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<MealPlan> {
  const answer = await api.put<Envelope<MealPlan>>(`${PLANS}/${id}`, payload, keepalive ? { keepalive } : undefined);
  planSaved(queryClient, answer.data);
  return answer.data;
}

export function useUpdateMealPlan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['meal-plans', 'update', id],
    mutationFn: (payload: MealPlanUpdatePayload) => updatePlan(queryClient, id, payload),
  });
}

/** POST /user-mealplans/ -> 201 {data: plan}; the answer's user_mealplan_id opens the editor. */
export function useCreateMealPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['meal-plans', 'create'],
    mutationFn: async (payload: MealPlanPayload) => (await api.post<Envelope<MealPlan>>(PLANS, payload)).data,
    onSuccess: (plan) => {
      queryClient.setQueryData(queryKeys.mealPlans.detail(plan.user_mealplan_id), plan);
      void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.list() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    },
  });
}

/** DELETE /user-mealplans/{id} (the owner only). */
export function useDeleteMealPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['meal-plans', 'delete'],
    mutationFn: (id: number) => api.delete<null>(`${PLANS}/${id}`),
    onSuccess: (_answer, id) => planGone(queryClient, id),
  });
}

/** PUT /share/remove {entity_id, entity_type: 'UserMealplan'}: a plan shared with the user leaves their plans. */
export function useLeaveMealPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['meal-plans', 'remove'],
    mutationFn: (id: number) => api.put<unknown>('/share/remove', { entity_id: id, entity_type: 'UserMealplan' }),
    onSuccess: (_answer, id) => planGone(queryClient, id),
  });
}

/** GET /user-mealplans/{id}/ingredients: the plan's recipes with ingredients and stock, and the lists to add to. */
export function useIngredientCheck(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.mealPlans.ingredients(id),
    queryFn: async ({ signal }) => (await api.get<Envelope<IngredientCheck>>(`${PLANS}/${id}/ingredients`, { signal })).data,
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}

/** POST /user-shoppinglists/{id}/merge {ingredients}: ticked ingredients into a list by the merge rule. */
export function useMergeIntoList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['meal-plans', 'send-to-list'],
    mutationFn: async ({ listId, payload }: { listId: number; payload: MergePayload }) =>
      (await api.post<Envelope<ShoppingList>>(`/user-shoppinglists/${listId}/merge`, payload)).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    },
  });
}

/**
 * POST /user-mealplans/{id}/complete: stock used by the ticked recipes (and the plan re-dated) at
 * once; stores, notifications, suggestions, the plan and the dashboard change.
 */
export function useCompletePlan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['meal-plans', 'complete', id],
    mutationFn: async (payload: CompletePlanPayload) =>
      (await api.post<Envelope<CompletePlanResult>>(`${PLANS}/${id}/complete`, payload)).data,
    onSuccess: (result) => {
      planSaved(queryClient, result.plan);
      void queryClient.invalidateQueries({ queryKey: queryKeys.stores.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.suggestions.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.ingredients(id) });
    },
  });
}
