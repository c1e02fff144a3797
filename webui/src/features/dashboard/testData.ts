import { http, HttpResponse } from 'msw';
import type { Dashboard, DashboardList, StoreCard, UpcomingMeal } from '@/shared/api';
import { apiUrl, server } from '@/test/server';

export function makeDashboardList(id: number, overrides: Partial<DashboardList> = {}): DashboardList {
  return {
    user_shoppinglist_id: id,
    name: `List ${id}`,
    item_count: 0,
    shared: false,
    owner_name: 'alice_cook',
    updated_at: '2025-03-01T12:00:00Z',
    ...overrides,
  };
}

export function makeStoreCard(id: number, overrides: Partial<StoreCard> = {}): StoreCard {
  return { id, name: `Store ${id}`, kind: 'pantry', item_count: 0, expiring: 0, expired: 0, ...overrides };
}

export function makeUpcomingMeal(overrides: Partial<UpcomingMeal> = {}): UpcomingMeal {
  return { user_mealplan_id: 1, plan_name: 'Week one', name: 'Lentil soup', value: 10, image: null, type: 'A9', ...overrides };
}

/** GET /dashboard answers `dashboard`; returns the number of calls made so far. */
export function serveDashboard(dashboard: Partial<Dashboard> = {}) {
  const calls = { count: 0 };
  server.use(
    http.get(apiUrl('/dashboard'), () => {
      calls.count += 1;
      return HttpResponse.json({
        data: { today: [], tomorrow: [], lists: [], default_store: null, ...dashboard },
      });
    }),
  );
  return calls;
}
