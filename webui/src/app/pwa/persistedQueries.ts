import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from '@/shared/session';

/**
 * What the user last saw of their household's data, kept on the device apart from the service
 * worker: the lists, stores, meal plans and dashboard, as the query cache held them. Restored at
 * start, so they show offline after any visit (even one too short for the worker to take control),
 * and replaced by the server's answers once it can be reached. One user's copy only: it is keyed
 * by the session's token and deleted when the session changes (log out, a 401, another sign-in).
 */
export const PERSISTED_KEY = 'larder-queries';
// The household's data, and the categories and ingredients lists and stores are grouped and edited with.
const ROOTS: ReadonlySet<string> = new Set(['shopping-lists', 'stores', 'meal-plans', 'dashboard', 'form-options']);
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 300;

interface Stored {
  token: string;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

function read(): Stored | null {
  try {
    const raw = window.localStorage.getItem(PERSISTED_KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

/** Puts the saved answers of the signed-in user back into the cache (before the first render). */
export function restoreQueries(client: QueryClient): void {
  const { token, signedIn } = getSession();
  const stored = read();
  if (!stored) return;
  if (!signedIn || stored.token !== token || Date.now() - stored.savedAt > MAX_AGE_MS) {
    window.localStorage.removeItem(PERSISTED_KEY);
    return;
  }
  hydrate(client, stored.state);
}

/**
 * Saves the household's answers a moment after the cache changes, and forgets them when the
 * session changes. Returns the function that stops this.
 */
export function persistQueries(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastToken = getSession().token;
  const save = () => {
    timer = undefined;
    const { token, signedIn } = getSession();
    if (!signedIn || !token) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && ROOTS.has(String(query.queryKey[0])),
    });
    try {
      window.localStorage.setItem(PERSISTED_KEY, JSON.stringify({ token, savedAt: Date.now(), state } satisfies Stored));
    } catch (error) {
      console.error('keeping the data for offline use failed', error); // a full storage: nothing kept
    }
  };
  const stopCache = client.getQueryCache().subscribe((event) => {
    if (!ROOTS.has(String(event.query.queryKey[0]))) return;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  const stopSession = subscribeSession(() => {
    const { token } = getSession();
    if (token === lastToken) return;
    lastToken = token;
    window.localStorage.removeItem(PERSISTED_KEY);
  });
  return () => {
    stopCache();
    stopSession();
    if (timer !== undefined) clearTimeout(timer);
  };
}
