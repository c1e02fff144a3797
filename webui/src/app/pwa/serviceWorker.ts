/**
 * Registration of the generated service worker (/service-worker.js, scope /) and the activation of
 * a waiting one when the user presses Update. Nothing is registered in the dev server or in the
 * unit tests (jsdom has no service workers).
 */
import type { RegisterSWOptions } from 'virtual:pwa-register';

export type UpdateServiceWorker = (reloadPage?: boolean) => Promise<void>;
export type RegisterSW = (options: RegisterSWOptions) => UpdateServiceWorker;

interface ServiceWorkerState {
  updateSW: UpdateServiceWorker | null;
  registration: ServiceWorkerRegistration | null;
  /** A new service worker is installed and waiting to take over. */
  waiting: boolean;
  waitingListeners: Set<() => void>;
}

function initialState(): ServiceWorkerState {
  return { updateSW: null, registration: null, waiting: false, waitingListeners: new Set() };
}

let state = initialState();
let reloadPage: () => void = () => window.location.reload();

/** How long Update waits for a new service worker that is still installing. */
export const WAIT_FOR_INSTALL_MS = 10_000;
/** Update reloads by itself if the new service worker has not taken control by then. */
export const RELOAD_FALLBACK_MS = 4_000;

/** How long registration waits for an idle moment after the first screen (milliseconds). */
export const SERVICE_WORKER_WAIT_MS = 1000;

/** Only the production build registers: not the dev server, not Vitest, not without support. */
export function serviceWorkerSupported(): boolean {
  return (
    import.meta.env.PROD &&
    import.meta.env.MODE !== 'test' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

function markWaiting(): void {
  state.waiting = true;
  state.waitingListeners.forEach((listener) => listener());
  state.waitingListeners.clear();
}

async function loadRegisterSW(): Promise<RegisterSW> {
  const { registerSW } = await import('virtual:pwa-register');
  return registerSW;
}

export interface RegisterOptions {
  /** Replaces vite-plugin-pwa's `registerSW` and skips the support check (tests). */
  registerSW?: RegisterSW;
  /** Replaces `window.location.reload` (tests). */
  reload?: () => void;
}

/**
 * Registers the service worker; workbox-window waits for the page's load event. A no-op where
 * unsupported and when already registered; a failure is only logged.
 */
export async function registerServiceWorker(options: RegisterOptions = {}): Promise<void> {
  if (options.reload) reloadPage = options.reload;
  if (state.updateSW || (!options.registerSW && !serviceWorkerSupported())) return;
  try {
    const registerSW = options.registerSW ?? (await loadRegisterSW());
    state.updateSW = registerSW({
      onNeedRefresh: markWaiting,
      onRegisteredSW: (_url, registration) => {
        state.registration = registration ?? null;
      },
      onRegisterError: (error: unknown) => console.error('service worker registration failed', error),
    });
  } catch (error) {
    console.error('service worker registration failed', error);
  }
}

/** Forgets the registration (tests). */
export function resetServiceWorkerState(): void {
  state = initialState();
  reloadPage = () => window.location.reload();
}

function waitForWaitingWorker(timeoutMs: number): Promise<boolean> {
  if (state.waiting) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      state.waitingListeners.delete(done);
      resolve(state.waiting);
    }, timeoutMs);
    state.waitingListeners.add(done);
  });
}

/**
 * Update: activates the waiting service worker (skipWaiting); the page reloads once the new one
 * controls it. Without a waiting worker it first asks the browser to look for one; when there is
 * none (no service worker, or the server's files did not change) it simply reloads.
 */
export async function activateServiceWorkerUpdate(): Promise<void> {
  const { updateSW, registration } = state;
  if (!updateSW) {
    reloadPage();
    return;
  }
  if (!state.waiting && registration) {
    try {
      await registration.update();
    } catch (error) {
      console.error('service worker update check failed', error);
    }
    if (registration.installing || registration.waiting) await waitForWaitingWorker(WAIT_FOR_INSTALL_MS);
  }
  if (!state.waiting) {
    reloadPage();
    return;
  }
  await updateSW(true);
  // vite-plugin-pwa reloads on 'controlling'; make sure the page reloads even if that never comes.
  setTimeout(() => reloadPage(), RELOAD_FALLBACK_MS);
}
