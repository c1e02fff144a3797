import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Keeps the screen on while cooking (spec part 1 §4 'Wake lock'). Two mechanisms, switched together
 * by the toggle:
 * - the Screen Wake Lock API: requested when switched on, released when switched off or when the
 *   page is hidden (the browser drops it then anyway) and requested again when the page is visible
 *   while still on. It does nothing when unsupported or when a lock is already held;
 * - NoSleep.js (loaded lazily), for browsers without the API (a silent looping video).
 * The toggle shows the real state: when neither mechanism keeps the screen on (the browser refuses
 * the lock, or it has no API and the video cannot play) it goes back to off and `error` says why.
 * Errors are logged.
 */
export const WAKE_LOCK_REFUSED_MESSAGE = 'The browser did not allow keeping the screen on.';
export const WAKE_LOCK_UNSUPPORTED_MESSAGE = 'This browser cannot keep the screen on.';

export interface WakeLockControl {
  /** Whether the toggle is on. */
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  toggle: () => void;
  /** Whether the Screen Wake Lock API exists in this browser. */
  supported: boolean;
  /** Why the last switch-on did not hold (it went back to off), else null. */
  error: string | null;
}

/** What the hook needs of NoSleep.js. */
export interface NoSleepLike {
  enable(): Promise<void> | void;
  disable(): void;
  readonly isEnabled: boolean;
}

type WakeLockNavigator = Navigator & { wakeLock?: WakeLock };

function wakeLockApi(): WakeLock | null {
  if (typeof navigator === 'undefined') return null;
  return (navigator as WakeLockNavigator).wakeLock ?? null;
}

let noSleepModule: Promise<{ default: new () => NoSleepLike }> | null = null;

/** The NoSleep.js module, fetched once per page. */
function loadNoSleepModule(): Promise<{ default: new () => NoSleepLike }> {
  noSleepModule ??= (import('nosleep.js') as Promise<{ default: new () => NoSleepLike }>).catch(
    (error: unknown) => {
      noSleepModule = null; // try again next time
      throw error;
    },
  );
  return noSleepModule;
}

/** A NoSleep.js instance (its module is loaded on first use). */
export async function createNoSleep(): Promise<NoSleepLike> {
  const { default: NoSleep } = await loadNoSleepModule();
  return new NoSleep();
}

export interface WakeLockOptions {
  /**
   * Fetch NoSleep.js now, ahead of the first toggle, so that switching it on stays inside the
   * user's tap (a video may only start playing from a gesture). Default true; pass false while the
   * toggle is not on screen to keep the download off the start of the app.
   */
  preload?: boolean;
  /** Makes the second mechanism (default: NoSleep.js); tests pass a fake. */
  noSleep?: () => Promise<NoSleepLike>;
}

export function useWakeLock(options: WakeLockOptions = {}): WakeLockControl {
  const { preload = true, noSleep: makeNoSleep = createNoSleep } = options;
  const [enabled, setEnabledState] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabledRef = useRef(false);
  const sentinelRef = useRef<WakeLockSentinel | null>(null);
  const requestingRef = useRef(false);
  const noSleepRef = useRef<NoSleepLike | null>(null);
  // The first factory given is the one used.
  const makeNoSleepRef = useRef(makeNoSleep);

  /** Requests the lock: 'held' (or on its way), 'refused' or 'unsupported'. */
  const acquire = useCallback(async (): Promise<'held' | 'refused' | 'unsupported'> => {
    const api = wakeLockApi();
    if (!api) return 'unsupported';
    // Nothing to do when already held or a request is on its way.
    if (requestingRef.current || (sentinelRef.current && !sentinelRef.current.released)) return 'held';
    requestingRef.current = true;
    try {
      const sentinel = await api.request('screen');
      if (!enabledRef.current) {
        await sentinel.release();
        return 'held';
      }
      sentinelRef.current = sentinel;
      sentinel.addEventListener('release', () => {
        if (sentinelRef.current === sentinel) sentinelRef.current = null;
      });
      return 'held';
    } catch (error) {
      console.error('wake lock request failed', error);
      return 'refused';
    } finally {
      requestingRef.current = false;
    }
  }, []);

  const release = useCallback(async () => {
    const sentinel = sentinelRef.current;
    sentinelRef.current = null;
    if (!sentinel || sentinel.released) return;
    try {
      await sentinel.release();
    } catch (error) {
      console.error('wake lock release failed', error);
    }
  }, []);

  /** Switches NoSleep.js; true when it did what was asked. */
  const switchNoSleep = useCallback(async (on: boolean): Promise<boolean> => {
    try {
      if (!noSleepRef.current) {
        if (!on) return true;
        const made = await makeNoSleepRef.current();
        noSleepRef.current ??= made;
        if (!enabledRef.current) return true;
      }
      const noSleep = noSleepRef.current;
      if (on && !noSleep.isEnabled) await noSleep.enable();
      else if (!on && noSleep.isEnabled) noSleep.disable();
      return true;
    } catch (error) {
      console.error(`no-sleep ${on ? 'enable' : 'disable'} failed`, error);
      return false;
    }
  }, []);

  const setEnabled = useCallback(
    (on: boolean) => {
      if (enabledRef.current === on) return;
      enabledRef.current = on;
      setEnabledState(on);
      setError(null);
      if (!on) {
        void release();
        void switchNoSleep(false);
        return;
      }
      // Both mechanisms at once (NoSleep's video must start inside the tap); when neither holds,
      // the toggle goes back to off and says why.
      void Promise.all([acquire(), switchNoSleep(true)]).then(([lock, noSleepOn]) => {
        if (!enabledRef.current || lock === 'held' || noSleepOn) return;
        enabledRef.current = false;
        setEnabledState(false);
        setError(lock === 'refused' ? WAKE_LOCK_REFUSED_MESSAGE : WAKE_LOCK_UNSUPPORTED_MESSAGE);
        void switchNoSleep(false);
      });
    },
    [acquire, release, switchNoSleep],
  );

  const toggle = useCallback(() => setEnabled(!enabledRef.current), [setEnabled]);

  useEffect(() => {
    if (!preload || noSleepRef.current) return;
    let active = true;
    makeNoSleepRef.current().then(
      (made) => {
        if (active) noSleepRef.current ??= made;
      },
      (error: unknown) => console.error('loading no-sleep failed', error),
    );
    return () => {
      active = false;
    };
  }, [preload]);

  // Hidden page: release. Visible again while switched on: request again.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void release();
      else if (enabledRef.current) void acquire();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [acquire, release]);

  // Unmount: let go of everything.
  useEffect(
    () => () => {
      enabledRef.current = false;
      void release();
      const noSleep = noSleepRef.current;
      if (noSleep?.isEnabled) {
        try {
          noSleep.disable();
        } catch (error) {
          console.error('no-sleep disable failed', error);
        }
      }
    },
    [release],
  );

  return { enabled, setEnabled, toggle, supported: wakeLockApi() !== null, error };
}
