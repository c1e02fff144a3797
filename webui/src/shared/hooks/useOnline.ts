import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it is online (`navigator.onLine`, kept current by the window's `online`
 * and `offline` events). `navigator.onLine` true does not prove the server is reachable; false
 * means the device has no network at all.
 */
export function isOnline(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean') return true;
  return navigator.onLine;
}

/** Calls `listener` whenever the browser goes online or offline. Returns the unsubscribe. */
export function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Resolves `callback` once, the next time the browser goes online. Returns the cancel. */
export function whenOnline(callback: () => void): () => void {
  const onOnline = () => {
    window.removeEventListener('online', onOnline);
    callback();
  };
  window.addEventListener('online', onOnline);
  return () => window.removeEventListener('online', onOnline);
}

/** The online state as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
