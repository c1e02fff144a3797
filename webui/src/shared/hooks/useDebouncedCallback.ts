import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface Debounced<Args extends unknown[]> {
  /** Runs the callback `delay` ms from now with these arguments; a call before then starts the wait again. */
  schedule: (...args: Args) => void;
  /** Runs a waiting call now (nothing when none waits). */
  flush: () => void;
  /** Drops a waiting call. */
  cancel: () => void;
  /** True while a call waits. */
  pending: () => boolean;
}

/**
 * A callback run once the calls to it have stopped for `delay` ms (the latest call's arguments, the
 * latest render's callback). A call still waiting when the component goes away is run then, so a
 * change made just before leaving a screen is not lost.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delay: number,
): Debounced<Args> {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiting = useRef<Args | null>(null);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const args = waiting.current;
    waiting.current = null;
    if (args) latest.current(...args);
  }, []);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    waiting.current = null;
  }, []);

  const schedule = useCallback(
    (...args: Args) => {
      waiting.current = args;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );

  useEffect(() => flush, [flush]);

  return useMemo(() => ({ schedule, flush, cancel, pending: () => waiting.current !== null }), [schedule, flush, cancel]);
}
