import { getSession, subscribeSession } from '@/shared/session';
import { API_CACHE_NAME } from './constants';

/**
 * Deletes the service worker's runtime cache of API answers. It holds one user's data, so it goes
 * whenever the session changes. A browser without Cache Storage (or an insecure origin) has
 * nothing to delete; a failure is only logged.
 */
export async function clearApiCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE_NAME);
  } catch (error) {
    console.error('clearing the API cache failed', error);
  }
}

/**
 * Never shows one user's cached answers to another: the API cache is deleted when the session
 * token changes — log out, a 401 (both clear the session), a new sign-in, or another tab doing any
 * of these — and at start when nobody is signed in. Returns the unsubscribe function.
 */
export function installApiCacheClearing(): () => void {
  let lastToken = getSession().token;
  if (!getSession().signedIn) void clearApiCache();
  return subscribeSession(() => {
    const { token } = getSession();
    if (token === lastToken) return;
    lastToken = token;
    void clearApiCache();
  });
}
