import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import type { Envelope, MealPlan } from './wire';

/**
 * GET /user-mealplans: the user's own plans (by start date) and the plans shared with them. One
 * cache entry for every screen that reads it (the plan screens, 'send recipe to mealplan').
 */
export function mealPlansQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.mealPlans.list(),
    queryFn: ({ signal }) => api.get<Envelope<MealPlan[]>>('/user-mealplans', { signal }),
    networkMode: 'offlineFirst',
  });
}

/** True when the user may change the plan: its owner, or a person it is shared with with edit rights. */
export function canEditPlan(plan: Pick<MealPlan, 'role'>): boolean {
  return plan.role === 'owner' || plan.role === 'editor';
}
