import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, type MealPlan, mealPlanQueryOptions, type PlanDay, updatePlan } from '@/shared/api';
import { useDebouncedCallback } from '@/shared/hooks';
import { toast } from '@/shared/ui';
import { AUTOSAVE_DELAY_MS, daysPayload } from './plans';
import { PLAN_TEXTS } from './texts';

/**
 * The days of a plan being edited, saved by themselves 500 ms after the last change (part 2 §4
 * 'Editing'): PUT /user-mealplans/{id} with every day's recipes and the `updated_at` the editor
 * last saw. Loading the plan never saves it. A newer plan on the server (another member's change)
 * is refused with 409: the editor then shows the server's plan and says so. While nothing of the
 * user's waits to be saved, a newer plan (a live change) replaces what is on screen.
 */
export function usePlanAutosave(plan: MealPlan | undefined) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState<PlanDay[] | null>(null);
  const [saving, setSaving] = useState(false);
  const current = useRef<PlanDay[] | null>(null);
  const planId = useRef<number | null>(null);
  /** The version of the plan the editor last saw: sent with each save. */
  const seen = useRef<string | null>(null);
  /** Changes not sent yet. */
  const dirty = useRef(false);
  const inFlight = useRef(false);
  /** A save was asked for while another was on its way: it follows that one. */
  const again = useRef(false);
  /** Who waits for the saves to be over (`settle`). */
  const idleWaiters = useRef<(() => void)[]>([]);

  const adopt = useCallback((fresh: MealPlan) => {
    planId.current = fresh.user_mealplan_id;
    seen.current = fresh.updated_at;
    current.current = fresh.recipes;
    setDays(fresh.recipes);
  }, []);

  useEffect(() => {
    if (plan && !dirty.current && !inFlight.current) adopt(plan);
  }, [plan, adopt]);

  const save = useRef<(keepalive?: boolean) => Promise<void>>(async () => {});
  save.current = async (keepalive = false) => {
    const id = planId.current;
    if (id === null || current.current === null || !dirty.current) return;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    dirty.current = false;
    inFlight.current = true;
    setSaving(true);
    try {
      const saved = await updatePlan(
        queryClient,
        id,
        { recipes: daysPayload(current.current), updated_at: seen.current },
        { keepalive },
      );
      seen.current = saved.updated_at;
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Someone changed the plan since it was loaded: their version wins, shown at once.
        dirty.current = false;
        toast(PLAN_TEXTS.stale, 'info');
        try {
          adopt(await queryClient.fetchQuery({ ...mealPlanQueryOptions(id), staleTime: 0 }));
        } catch (failure) {
          console.error('Loading the meal plan failed', failure);
        }
      } else {
        // Sent again with the next change (the whole days are sent each time).
        dirty.current = true;
        console.error('Saving the meal plan failed', error);
        if (!(isApiError(error) && error.status === 401)) toast(PLAN_TEXTS.saveFailed, 'error');
      }
    } finally {
      inFlight.current = false;
      setSaving(false);
      if (again.current) {
        again.current = false;
        void save.current();
      }
      if (!inFlight.current) {
        for (const resolve of idleWaiters.current.splice(0)) resolve();
      }
    }
  };

  const debounced = useDebouncedCallback(() => void save.current(), AUTOSAVE_DELAY_MS);

  /** The user changed the days: shown at once, saved 500 ms after the last change. */
  const change = useCallback(
    (update: (days: PlanDay[]) => PlanDay[]) => {
      if (current.current === null) return;
      const next = update(current.current);
      current.current = next;
      setDays(next);
      dirty.current = true;
      debounced.schedule();
    },
    [debounced],
  );

  // Closing or reloading the tab does not unmount the editor: a change made in the last 500 ms is
  // sent then, as a request that outlives the page.
  useEffect(() => {
    const onPageHide = () => {
      debounced.cancel();
      void save.current(true);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [debounced]);

  /**
   * Sends what waits to be saved now and resolves once no save is on its way, so an action on the
   * whole plan (schedule, complete, check ingredients) sees the user's last change and does not
   * make that change's save stale.
   */
  const settle = useCallback((): Promise<void> => {
    debounced.flush();
    if (!inFlight.current) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.current.push(resolve));
  }, [debounced]);

  return { days, change, saving, flush: debounced.flush, settle };
}
