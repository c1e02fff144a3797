import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  clientId,
  type LiveChange,
  type LiveHandlers,
  queryKeys,
  readLiveStream,
  setLiveStatus,
  type StreamEnd,
} from '@/shared/api';

/** Waits before reconnecting, by attempt; the last one repeats. Jittered so a restarted server is
 * not hit by every tab at once. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** What a change of each kind of entity may have changed on screen. */
function keysFor(change: LiveChange): QueryKey[] {
  switch (change.type) {
    case 'UserShoppinglist':
      return [queryKeys.shoppingLists.all, queryKeys.dashboard.all];
    case 'UserMealplan':
      return [queryKeys.mealPlans.all, queryKeys.dashboard.all];
    case 'UserFoodStore':
      // Stock drives the expiry notifications, the dashboard's store card and the suggestions too.
      return [queryKeys.stores.all, queryKeys.notifications.all, queryKeys.dashboard.all, queryKeys.suggestions.all];
    default:
      return [];
  }
}

const HOUSEHOLD: QueryKey[] = [
  queryKeys.mealPlans.all,
  queryKeys.shoppingLists.all,
  queryKeys.stores.all,
  queryKeys.notifications.all,
  queryKeys.dashboard.all,
  queryKeys.suggestions.all,
];

/**
 * Refreshes queries, but not under a write of this tab that is still on its way: a refetch then
 * could answer the state before that write and undo its optimistic update on screen for a moment.
 * What arrives meanwhile is refreshed once the tab's writes have settled (their answers carry the
 * other change when it committed first; when it committed later, it is refreshed now).
 */
class Refresher {
  private waiting = new Map<string, QueryKey>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly queryClient: QueryClient) {}

  refresh(keys: QueryKey[]): void {
    if (keys.length === 0) return;
    if (!this.writing()) {
      for (const queryKey of keys) void this.queryClient.invalidateQueries({ queryKey });
      return;
    }
    for (const queryKey of keys) this.waiting.set(JSON.stringify(queryKey), queryKey);
    this.unsubscribe ??= this.queryClient.getMutationCache().subscribe(() => this.flush());
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.waiting.clear();
  }

  private writing(): boolean {
    // A paused write (offline outbox) waits for the network, not for an answer: it blocks nothing.
    return this.queryClient.isMutating({ predicate: (mutation) => !mutation.state.isPaused }) > 0;
  }

  private flush(): void {
    if (this.writing()) return;
    const keys = [...this.waiting.values()];
    this.stop();
    for (const queryKey of keys) void this.queryClient.invalidateQueries({ queryKey });
  }
}

export interface LiveOptions {
  read?: (token: string, handlers: LiveHandlers, signal: AbortSignal) => Promise<StreamEnd>;
  delays?: number[];
  random?: () => number;
}

/**
 * Keeps the household's queries fresh from the event stream while signed in: connects, refreshes
 * what each change touches, and reconnects with backoff. Every (re)connection refreshes all the
 * household's queries, since changes made while the stream was down were not kept for this tab;
 * while it is down, the lists' polling takes over. Returns the function that stops it all.
 */
export function startLiveUpdates(queryClient: QueryClient, token: string, options: LiveOptions = {}): () => void {
  const { read = readLiveStream, delays = RECONNECT_DELAYS_MS, random = Math.random } = options;
  const stopped = new AbortController();
  const refresher = new Refresher(queryClient);
  let wake: (() => void) | null = null;
  let attempt = 0;
  let live = false;

  const handlers: LiveHandlers = {
    onReady: () => {
      attempt = 0;
      live = true;
      setLiveStatus('live');
      refresher.refresh(HOUSEHOLD);
    },
    onChange: (change) => {
      if (change.origin !== clientId) refresher.refresh(keysFor(change));
    },
    onResync: () => refresher.refresh(HOUSEHOLD),
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        stopped.signal.removeEventListener('abort', done);
        resolve();
      }
      wake = done;
      stopped.signal.addEventListener('abort', done);
    });
  // Back online: try at once rather than at the end of the backoff.
  const onOnline = () => wake?.();
  window.addEventListener('online', onOnline);

  const run = async () => {
    while (!stopped.signal.aborted) {
      let end: StreamEnd | 'failed' = 'failed';
      try {
        end = await read(token, handlers, stopped.signal);
      } catch {
        end = 'failed';
      }
      if (stopped.signal.aborted) return;
      setLiveStatus('down');
      if (live) {
        // A refetch now re-arms the polling of what is on screen until the stream is back.
        live = false;
        refresher.refresh(HOUSEHOLD);
      }
      if (end === 'unauthorized') return; // the session is gone: the next API call signs out
      const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1_000;
      attempt += 1;
      await pause(delay * (0.75 + random() * 0.5));
    }
  };
  void run();

  return () => {
    stopped.abort();
    window.removeEventListener('online', onOnline);
    refresher.stop();
    setLiveStatus('down');
  };
}
