import { useSyncExternalStore } from 'react';
import { requestOutsideSchema } from '@/shared/api';
import { isOnline, whenOnline } from '@/shared/hooks';
import { activateServiceWorkerUpdate } from './serviceWorker';

/**
 * The Update button (spec part 1 §4 'Update banner'): `GET /latest-version.json` answers
 * `{currentVersion}` (the server's own version). When it differs from the version stored under
 * `installedVersion` the side menu shows Update. With nothing stored yet the current version is
 * stored (a fresh install is up to date). After the first check it polls up to 5 more times at 2 s
 * intervals, stopping once an update shows. Pressing Update stores the new version, activates the
 * waiting service worker and reloads.
 */
export const INSTALLED_VERSION_KEY = 'installedVersion';
export const UPDATE_EXTRA_POLLS = 5;
export const UPDATE_POLL_INTERVAL_MS = 2000;

export interface UpdateState {
  /** The server's version when it differs from the installed one, else null. */
  availableVersion: string | null;
}

let state: UpdateState = { availableVersion: null };
const listeners = new Set<() => void>();

function setState(next: UpdateState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function getUpdateState(): UpdateState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The side menu's view of the update state. */
export function useUpdateState(): UpdateState {
  return useSyncExternalStore(subscribe, getUpdateState, getUpdateState);
}

/** Forgets a found update (tests; a new check starts from scratch). */
export function resetUpdateState(): void {
  setState({ availableVersion: null });
}

function readInstalled(): string | null {
  try {
    return window.localStorage.getItem(INSTALLED_VERSION_KEY);
  } catch {
    return null;
  }
}

function storeInstalled(version: string): void {
  try {
    window.localStorage.setItem(INSTALLED_VERSION_KEY, version);
  } catch (error) {
    console.error('storing the installed version failed', error);
  }
}

/** GET /latest-version.json → currentVersion (null when the answer has none). */
export async function fetchLatestVersion(signal?: AbortSignal): Promise<string | null> {
  const body = await requestOutsideSchema('/latest-version.json', {
    base: '',
    auth: false,
    skipAuthRedirect: true,
    signal,
  });
  const version = body && typeof body === 'object' ? (body as { currentVersion?: unknown }).currentVersion : undefined;
  return typeof version === 'string' && version ? version : null;
}

/** One check. True when an update is available (the state then says which version). */
export async function checkForUpdate(signal?: AbortSignal): Promise<boolean> {
  const latest = await fetchLatestVersion(signal);
  if (signal?.aborted || latest === null) return false;
  const installed = readInstalled();
  if (installed === null) {
    storeInstalled(latest);
    return false;
  }
  if (installed === latest) return false;
  if (state.availableVersion !== latest) setState({ availableVersion: latest });
  return true;
}

/**
 * The first check now, then up to 5 more at 2 s intervals until an update shows. While the browser
 * is offline it does not poll: the next check waits for the `online` event (a check that fails
 * because the network went away is not counted and not logged). Other failures are only logged.
 * Returns a function that stops the polling.
 */
export function startUpdateCheck(options: { onChecked?: (checks: number, found: boolean) => void } = {}): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelWait: (() => void) | undefined;
  let checks = 0;

  const waitForNetwork = () => {
    cancelWait?.();
    cancelWait = whenOnline(() => {
      cancelWait = undefined;
      void run();
    });
  };

  const run = async () => {
    if (controller.signal.aborted) return;
    if (!isOnline()) {
      waitForNetwork();
      return;
    }
    let found = false;
    try {
      found = await checkForUpdate(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!isOnline()) {
        waitForNetwork();
        return;
      }
      console.error('update check failed', error);
    }
    if (controller.signal.aborted) return;
    checks += 1;
    options.onChecked?.(checks, found);
    if (found || checks > UPDATE_EXTRA_POLLS) return;
    timer = setTimeout(() => void run(), UPDATE_POLL_INTERVAL_MS);
  };

  void run();
  return () => {
    controller.abort();
    clearTimeout(timer);
    cancelWait?.();
  };
}

/**
 * Update pressed: store the new version as installed, then activate the waiting service worker and
 * reload (`activate` is replaceable for tests).
 */
export async function applyUpdate(activate: () => Promise<void> = activateServiceWorkerUpdate): Promise<void> {
  const version = state.availableVersion;
  if (version) storeInstalled(version);
  await activate();
}
