/**
 * Runs `task` once the page has loaded and the browser is idle: for work the first screen does not
 * need (service worker registration, the update check), so that it does not compete with the first
 * screen's script and data for the network or the main thread. Returns a function that cancels the
 * wait, or runs the cleanup the task returned once it has started.
 */
export function afterFirstScreen(task: () => void | (() => void), idleTimeoutMs = 5000): () => void {
  let cancelled = false;
  let cleanup: void | (() => void);
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = () => {
    if (!cancelled) cleanup = task();
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(run, { timeout: idleTimeoutMs });
    } else {
      timer = setTimeout(run, 0);
    }
  };

  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });

  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
    cleanup?.();
  };
}
