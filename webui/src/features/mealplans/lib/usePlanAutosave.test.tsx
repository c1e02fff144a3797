import { notifications, notificationsStore } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, type MealPlan, type MealPlanUpdatePayload } from '@/shared/api';
import { makeEntry, makePlan } from '../testData';
import { AUTOSAVE_DELAY_MS, withEntry, withoutEntry } from './plans';
import { PLAN_TEXTS } from './texts';
import { usePlanAutosave } from './usePlanAutosave';

const sent: MealPlanUpdatePayload[] = [];
const keptAlive: boolean[] = [];
let answer: (body: MealPlanUpdatePayload) => Promise<unknown>;

function setup(plan: MealPlan) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ current }) => usePlanAutosave(current), { wrapper, initialProps: { current: plan } });
}

/** Lets the answers of the mocked calls (promises) come in. */
const settle = () => act(async () => {});

const messages = () => notificationsStore.getState().notifications.map((item) => item.message);

beforeEach(() => {
  sent.length = 0;
  keptAlive.length = 0;
  answer = (body) => Promise.resolve({ data: makePlan(4, { updated_at: `saved-${sent.length}`, recipes: body.recipes as never }) });
  vi.spyOn(api, 'put').mockImplementation(
    (path: string, body?: unknown, options?: object) => {
      const { keepalive, params } = (options ?? {}) as { keepalive?: boolean; params?: { plan_id?: number } };
      if (path === '/user-mealplans/{plan_id}' && params?.plan_id === 4) sent.push(body as MealPlanUpdatePayload);
      keptAlive.push(Boolean(keepalive));
      return answer(body as MealPlanUpdatePayload) as never;
    },
  );
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
});

describe('usePlanAutosave', () => {
  const plan = makePlan(4, { updated_at: 'v1' });

  it('does not save on first load, nor when a newer plan arrives from the server', async () => {
    const { result, rerender } = setup(plan);
    expect(result.current.days).toEqual(plan.recipes);
    act(() => vi.advanceTimersByTime(5 * AUTOSAVE_DELAY_MS));
    rerender({ current: makePlan(4, { updated_at: 'v2', name: 'changed elsewhere' }) });
    act(() => vi.advanceTimersByTime(5 * AUTOSAVE_DELAY_MS));
    await settle();
    expect(sent).toEqual([]);
  });

  it('saves once, 500 ms after the last change, every change restarting the wait, with the version last seen', async () => {
    const { result } = setup(plan);
    act(() => result.current.change((days) => withEntry(days, 0, makeEntry('Soup'))));
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1));
    act(() => result.current.change((days) => withEntry(days, 2, makeEntry('Stew'))));
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1));
    expect(sent).toEqual([]);
    expect(result.current.days?.[0]?.recipes.map((entry) => entry.name)).toEqual(['Soup']);
    act(() => vi.advanceTimersByTime(1));
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      updated_at: 'v1',
      recipes: [
        { day: 0, recipes: [{ name: 'Soup', value: null, image: null, type: 'CUSTOM', checked: false }] },
        { day: 1, recipes: [] },
        { day: 2, recipes: [{ name: 'Stew', value: null, image: null, type: 'CUSTOM', checked: false }] },
      ],
    });

    // The next save carries the version the last one answered.
    act(() => result.current.change((days) => withoutEntry(days, 0, 0)));
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.updated_at).toBe('saved-1');
    expect(sent[1]?.recipes?.[0]?.recipes).toEqual([]);
  });

  it('a change made while a save is on its way is sent after it, with the version it answered', async () => {
    let release: () => void = () => {};
    answer = (body) =>
      new Promise((resolve) => {
        release = () => resolve({ data: makePlan(4, { updated_at: 'v2', recipes: body.recipes as never }) });
      });
    const { result } = setup(plan);
    act(() => result.current.change((days) => withEntry(days, 0, makeEntry('Soup'))));
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(sent).toHaveLength(1);
    act(() => result.current.change((days) => withEntry(days, 1, makeEntry('Bread'))));
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(sent).toHaveLength(1);
    answer = (body) => Promise.resolve({ data: makePlan(4, { updated_at: 'v3', recipes: body.recipes as never }) });
    await act(async () => release());
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.updated_at).toBe('v2');
    expect(sent[1]?.recipes?.[1]?.recipes?.map((entry) => entry.name)).toEqual(['Bread']);
  });

  it('on 409 shows the newer plan from the server, says so, and drops the stale change', async () => {
    const newer = makePlan(4, { updated_at: 'v9', recipes: makePlan(4).recipes.map((day) => ({ ...day, recipes: day.day === 1 ? [makeEntry('Their curry')] : [] })) });
    answer = () => Promise.reject(new ApiError(409, 'The plan was changed since you loaded it.'));
    const get = vi.spyOn(api, 'get').mockImplementation(() => Promise.resolve({ data: newer } as never));
    const { result } = setup(plan);
    act(() => result.current.change((days) => withEntry(days, 0, makeEntry('Soup'))));
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    await settle();
    await settle();
    expect(get).toHaveBeenCalledWith('/user-mealplans/{plan_id}', expect.objectContaining({ params: { plan_id: 4 } }));
    expect(result.current.days?.map((day) => day.recipes.map((entry) => entry.name))).toEqual([[], ['Their curry'], []]);
    expect(messages()).toContain(PLAN_TEXTS.stale);

    // The next change is based on the newer version.
    answer = (body) => Promise.resolve({ data: makePlan(4, { updated_at: 'v10', recipes: body.recipes as never }) });
    act(() => result.current.change((days) => withEntry(days, 2, makeEntry('Pie'))));
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    await settle();
    expect(sent.at(-1)?.updated_at).toBe('v9');
  });

  it('settle sends a waiting change at once and resolves only when its answer is in', async () => {
    let release: () => void = () => {};
    answer = (body) =>
      new Promise((resolve) => {
        release = () => resolve({ data: makePlan(4, { updated_at: 'v2', recipes: body.recipes as never }) });
      });
    const { result } = setup(plan);
    act(() => result.current.change((days) => withEntry(days, 0, makeEntry('Soup'))));
    let settled = false;
    act(() => {
      void result.current.settle().then(() => {
        settled = true;
      });
    });
    expect(sent).toHaveLength(1);
    await settle();
    expect(settled).toBe(false);
    await act(async () => release());
    await settle();
    expect(settled).toBe(true);
    // Nothing was waiting: it resolves at once, without a save.
    await act(async () => result.current.settle());
    expect(sent).toHaveLength(1);
  });

  it('sends a change still waiting when the tab closes, as a request that outlives the page', async () => {
    const { result } = setup(plan);
    act(() => result.current.change((days) => withEntry(days, 0, makeEntry('Soup'))));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(sent).toHaveLength(1);
    expect(keptAlive).toEqual([true]);
    await settle();
    // Nothing waits: hiding the page again sends nothing.
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(sent).toHaveLength(1);
  });

  it('saves a change still waiting when the editor closes', async () => {
    const { result, unmount } = setup(plan);
    act(() => result.current.change((days) => withEntry(days, 0, makeEntry('Soup'))));
    unmount();
    await settle();
    expect(sent).toHaveLength(1);
  });
});
