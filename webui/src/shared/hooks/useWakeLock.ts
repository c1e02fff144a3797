import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Keeps the screen on while cooking (spec part 1 §4 'Wake lock'). Two mechanisms, switched together
 * by the toggle:
 * - the Screen Wake Lock API: requested when switched on, released when switched off or when the
 *   page is hidden (the browser drops it then anyway) and requested again when the page is visible
 *   while still on. It does nothing when unsupported or when a lock is already held;
 * - NoSleep.js (loaded lazily), for browsers without the API (a silent looping video).
 * Errors are only logged.
 */
export interface WakeLockControl {
  /** Whether the toggle is on. */
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  toggle: () => void;
  /** Whether the Screen Wake Lock API exists in this browser. */
  supported: boolean;
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
  const enabledRef = useRef(false);
  const sentinelRef = useRef<WakeLockSentinel | null>(null);
  const requestingRef = useRef(false);
  const noSleepRef = useRef<NoSleepLike | null>(null);
  // The first factory given is the one used.
  const makeNoSleepRef = useRef(makeNoSleep);

  const acquire = useCallback(async () => {
    const api = wakeLockApi();
    // Nothing to do when unsupported, already held, or a request is on its way.
    if (!api || requestingRef.current || (sentinelRef.current && !sentinelRef.current.released)) return;
    requestingRef.current = true;
    try {
      const sentinel = await api.request('screen');
      if (!enabledRef.current) {
        await sentinel.release();
        return;
      }
      sentinelRef.current = sentinel;
      sentinel.addEventListener('release', () => {
        if (sentinelRef.current === sentinel) sentinelRef.current = null;
      });
    } catch (error) {
      console.error('wake lock request failed', error);
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

  const switchNoSleep = useCallback(async (on: boolean) => {
    try {
      if (!noSleepRef.current) {
        if (!on) return;
        const made = await makeNoSleepRef.current();
        noSleepRef.current ??= made;
        if (!enabledRef.current) return;
      }
      const noSleep = noSleepRef.current;
      if (on && !noSleep.isEnabled) await noSleep.enable();
      else if (!on && noSleep.isEnabled) noSleep.disable();
    } catch (error) {
      console.error(`no-sleep ${on ? 'enable' : 'disable'} failed`, error);
    }
  }, []);

  const setEnabled = useCallback(
    (on: boolean) => {
      if (enabledRef.current === on) return;
      enabledRef.current = on;
      setEnabledState(on);
      if (on) {
        void acquire();
      } else {
        void release();
      }
      void switchNoSleep(on);
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

  return { enabled, setEnabled, toggle, supported: wakeLockApi() !== null };
}
