/**
 * Lazy route chunks (spec part 1 §8 'Script chunk loading fails', §9 'Script chunk timeout'): a
 * route's code that fails to download — or does not arrive within 120 s — ends in the route's
 * error element, which shows 'Loading chunk failed'.
 *
 * Use it for every lazy route object:
 *   { path: 'home', errorElement, lazy: lazyRoute(async () => ({ Component: (await import('...')).HomeRoute })) }
 */
export const CHUNK_TIMEOUT_MS = 120_000;

export const CHUNK_FAILURE_TEXT = 'Loading chunk failed';

/** A route chunk that could not be loaded (download failure or timeout). */
export class ChunkLoadError extends Error {
  constructor(message: string = CHUNK_FAILURE_TEXT, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

/** Messages of a failed dynamic `import()` in Chromium, Safari and Firefox, and of Vite's preload. */
const CHUNK_FAILURE_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk .*failed/i,
];

/** True for an error that comes from loading code rather than from running it. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_FAILURE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Runs a chunk loader with a time limit: a failed download becomes a ChunkLoadError, and so does
 * one that has not finished after `timeoutMs`. Other errors pass through unchanged.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`${CHUNK_FAILURE_TEXT}: no answer within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (isChunkLoadError(error) && !(error instanceof ChunkLoadError)) {
          reject(new ChunkLoadError(`${CHUNK_FAILURE_TEXT}: ${(error as Error).message}`, { cause: error }));
        } else {
          reject(error);
        }
      },
    );
  });
}

/**
 * What a route whose code could not be loaded becomes: a loader that throws the failure (and an
 * empty component, never drawn, so react-router does not warn about a route without one).
 */
export interface FailedLazyRoute {
  loader: () => never;
  Component: () => null;
}

/**
 * A `lazy` function for a route object. The loader runs under `loadChunk`'s time limit. When it
 * fails, the route resolves to a loader that throws the failure, so the route's error element
 * shows it (react-router leaves the outlet empty when a `lazy` function itself rejects). The
 * failure sticks for this page load; the error element offers a reload.
 */
export function lazyRoute<T extends object>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): () => Promise<T | FailedLazyRoute> {
  return () =>
    loadChunk(load, timeoutMs).catch(
      (error: unknown): FailedLazyRoute => ({
        loader: () => {
          throw error;
        },
        Component: () => null,
      }),
    );
}
