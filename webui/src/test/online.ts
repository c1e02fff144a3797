/** Sets navigator.onLine and fires the matching window event, as a browser does. */
export function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Back to jsdom's own navigator.onLine (true), without firing an event. */
export function resetOnline(): void {
  delete (navigator as { onLine?: unknown }).onLine;
}
