/**
 * Sets navigator.onLine and fires the matching window event, as a browser does (TanStack Query's
 * onlineManager listens too: offline pauses queries until the next `online` event).
 */
export function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Back to jsdom's own navigator.onLine (true), telling every listener the network is back. */
export function resetOnline(): void {
  delete (navigator as { onLine?: unknown }).onLine;
  window.dispatchEvent(new Event('online'));
}
