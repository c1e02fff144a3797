import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type CompletePlanPayload,
  type MealPlanPayload,
  type MealPlanUpdatePayload,
  mealPlanQueryOptions,
  mealPlansQueryOptions,
  planSaved,
  queryKeys,
  updatePlan,
} from '@/shared/api';

export function useMealPlans(enabled = true) {
  return useQuery({ ...mealPlansQueryOptions(), select: (answer) => answer.data, enabled });
}

export function useMealPlan(id: number) {
  return useQuery({ ...mealPlanQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/** A plan is gone for the user (deleted, or left): out of the list and the cache. */
function planGone(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData(mealPlansQueryOptions().queryKey, (answer) =>
    answer ? { data: answer.data.filter((item) => item.user_mealplan_id !== id) } : answer,
  );
  queryClient.removeQueries({ queryKey: queryKeys.mealPlans.detail(id) });
  queryClient.removeQueries({ queryKey: queryKeys.mealPlans.ingredients(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.list() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
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
    mutationFn: async (payload: MealPlanPayload) => (await api.post('/user-mealplans', payload)).data,
    onSuccess: (plan) => {
      queryClient.setQueryData(mealPlanQueryOptions(plan.user_mealplan_id).queryKey, plan);
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
    mutationFn: (id: number) => api.delete('/user-mealplans/{plan_id}', { params: { plan_id: id } }),
    onSuccess: (_answer, id) => planGone(queryClient, id),
  });
}

/** PUT /share/remove {entity_id, entity_type: 'UserMealplan'}: a plan shared with the user leaves their plans. */
export function useLeaveMealPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['meal-plans', 'remove'],
    mutationFn: (id: number) => api.put('/share/remove', { entity_id: id, entity_type: 'UserMealplan' }),
    onSuccess: (_answer, id) => planGone(queryClient, id),
  });
}

/** GET /user-mealplans/{id}/ingredients: the plan's recipes with ingredients and stock, and the lists to add to. */
export function useIngredientCheck(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.mealPlans.ingredients(id),
    queryFn: async ({ signal }) => (await api.get('/user-mealplans/{plan_id}/ingredients', { params: { plan_id: id }, signal })).data,
    enabled: enabled && Number.isInteger(id) && id > 0,
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
      (await api.post('/user-mealplans/{plan_id}/complete', payload, { params: { plan_id: id } })).data,
    onSuccess: (result) => {
      planSaved(queryClient, result.plan);
      void queryClient.invalidateQueries({ queryKey: queryKeys.stores.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.suggestions.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.ingredients(id) });
    },
  });
}
