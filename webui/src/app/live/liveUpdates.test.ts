import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientId, type LiveHandlers, liveStatus, queryKeys, type StreamEnd } from '@/shared/api';
import { startLiveUpdates } from './liveUpdates';

/** A fake stream the test drives: each `read` call is one connection. */
function fakeStreams() {
  const connections: { handlers: LiveHandlers; signal: AbortSignal; end: (how: StreamEnd | Error) => void }[] = [];
  const read = vi.fn(
    (_token: string, handlers: LiveHandlers, signal: AbortSignal) =>
      new Promise<StreamEnd>((resolve, reject) => {
        connections.push({
          handlers,
          signal,
          end: (how) => (how instanceof Error ? reject(how) : resolve(how)),
        });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  return { read, connections };
}

function nth<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no connection ${index}`);
  return item;
}

function invalidatedKeys(spy: { mock: { calls: unknown[][] } }): unknown[] {
  return spy.mock.calls.map((call) => (call[0] as { queryKey: unknown }).queryKey);
}

const household = [
  queryKeys.mealPlans.all,
  queryKeys.shoppingLists.all,
  queryKeys.stores.all,
  queryKeys.notifications.all,
  queryKeys.dashboard.all,
  queryKeys.suggestions.all,
];

describe('startLiveUpdates', () => {
  let queryClient: QueryClient;
  let invalidate: { mock: { calls: unknown[][] }; mockClear: () => void };
  let stop: (() => void) | null = null;

  beforeEach(() => {
    queryClient = new QueryClient();
    invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  });

  afterEach(() => {
    stop?.();
    stop = null;
    vi.useRealTimers();
  });

  it('goes live on ready and refreshes everything of the household', () => {
    const { read, connections } = fakeStreams();
    stop = startLiveUpdates(queryClient, 'tok', { read });
    expect(read).toHaveBeenCalledWith('tok', expect.anything(), expect.any(AbortSignal));
    expect(liveStatus()).toBe('down');
    nth(connections, 0).handlers.onReady();
    expect(liveStatus()).toBe('live');
    expect(invalidatedKeys(invalidate)).toEqual(household);
  });

  it("refreshes what a change touches, and skips this tab's own echo", () => {
    const { read, connections } = fakeStreams();
    stop = startLiveUpdates(queryClient, 'tok', { read });
    const { handlers } = nth(connections, 0);
    handlers.onReady();
    invalidate.mockClear();
    handlers.onChange({ type: 'UserShoppinglist', id: 3, kind: 'updated', origin: clientId });
    expect(invalidate).not.toHaveBeenCalled();
    handlers.onChange({ type: 'UserShoppinglist', id: 3, kind: 'updated', origin: 'another-tab' });
    expect(invalidatedKeys(invalidate)).toEqual([queryKeys.shoppingLists.all, queryKeys.dashboard.all]);
    invalidate.mockClear();
    handlers.onChange({ type: 'UserFoodStore', id: 5, kind: 'deleted', origin: null });
    expect(invalidatedKeys(invalidate)).toEqual([
      queryKeys.stores.all,
      queryKeys.notifications.all,
      queryKeys.dashboard.all,
      queryKeys.suggestions.all,
    ]);
    invalidate.mockClear();
    handlers.onChange({ type: 'UserMealplan', id: 2, kind: 'updated', origin: null });
    expect(invalidatedKeys(invalidate)).toEqual([queryKeys.mealPlans.all, queryKeys.dashboard.all]);
    invalidate.mockClear();
    handlers.onResync();
    expect(invalidatedKeys(invalidate)).toEqual(household);
  });

  it('holds a refresh back while a write of this tab is on its way, and does it once the write settles', async () => {
    const { read, connections } = fakeStreams();
    stop = startLiveUpdates(queryClient, 'tok', { read });
    nth(connections, 0).handlers.onReady();
    invalidate.mockClear();
    let answer: (value: unknown) => void = () => {};
    const written = new Promise<unknown>((resolve) => (answer = resolve));
    const write = queryClient.getMutationCache().build(queryClient, { mutationFn: () => written });
    const done = write.execute(undefined);
    await vi.waitFor(() => expect(queryClient.isMutating()).toBe(1));
    nth(connections, 0).handlers.onChange({ type: 'UserShoppinglist', id: 3, kind: 'updated', origin: null });
    expect(invalidate).not.toHaveBeenCalled();
    answer({});
    await done;
    expect(invalidatedKeys(invalidate)).toEqual([queryKeys.shoppingLists.all, queryKeys.dashboard.all]);
  });

  it('reconnects with backoff after the stream drops, refreshing on the way down and again when back', async () => {
    vi.useFakeTimers();
    const { read, connections } = fakeStreams();
    stop = startLiveUpdates(queryClient, 'tok', { read, delays: [1_000, 5_000], random: () => 0.5 });
    nth(connections, 0).handlers.onReady();
    invalidate.mockClear();
    nth(connections, 0).end('closed');
    await vi.advanceTimersByTimeAsync(0);
    expect(liveStatus()).toBe('down');
    // Polling takes over: what is on screen is fetched again, which re-arms its interval.
    expect(invalidatedKeys(invalidate)).toEqual(household);
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    // A failed attempt waits longer, and a failure while down refreshes nothing more.
    invalidate.mockClear();
    nth(connections, 1).end(new Error('network'));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(read).toHaveBeenCalledTimes(2);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(3);
    nth(connections, 2).handlers.onReady();
    expect(liveStatus()).toBe('live');
    expect(invalidatedKeys(invalidate)).toEqual(household);
  });

  it('tries again at once when the device comes back online', async () => {
    vi.useFakeTimers();
    const { read, connections } = fakeStreams();
    stop = startLiveUpdates(queryClient, 'tok', { read, delays: [30_000] });
    nth(connections, 0).end(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('stops for good when the session is gone, and when stopped', async () => {
    vi.useFakeTimers();
    const { read, connections } = fakeStreams();
    stop = startLiveUpdates(queryClient, 'tok', { read });
    nth(connections, 0).end('unauthorized');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(1);
    stop();
    stop = null;

    const second = fakeStreams();
    stop = startLiveUpdates(queryClient, 'tok', { read: second.read });
    nth(second.connections, 0).handlers.onReady();
    stop();
    stop = null;
    expect(nth(second.connections, 0).signal.aborted).toBe(true);
    expect(liveStatus()).toBe('down');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(second.read).toHaveBeenCalledTimes(1);
  });
});
