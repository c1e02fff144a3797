/**
 * PWA constants shared by the build (webui/vite.config.ts, which writes them into the generated
 * service worker) and the app. Keep this file free of imports: the Vite config loads it.
 */

/** The service worker's file name: served at `/service-worker.js` (spec part 1 §7), scope `/`. */
export const SERVICE_WORKER_FILENAME = 'service-worker.js';

/**
 * Runtime cache of `GET /api/pwa/...` answers (NetworkFirst), so an offline reload still shows what
 * the user last saw. It holds one user's data: the app deletes it whenever the session changes
 * (log out, a 401, a new sign-in). Bump the suffix to drop every user's old entries.
 */
export const API_CACHE_NAME = 'larder-api-v1';

/**
 * Runtime cache of stored images (`/uploads/...`: public, never reused for other content), so the
 * pictures of recipes seen before still show offline. Not user data: kept across sessions.
 */
export const IMAGE_CACHE_NAME = 'larder-images-v1';

/** How long the service worker waits for the network before answering an API GET from its cache. */
export const API_NETWORK_TIMEOUT_SECONDS = 4;

/** Theme and background colours of the web app manifest (also `<meta name="theme-color">`). */
export const THEME_COLOR = '#2f9e44';
export const BACKGROUND_COLOR = '#ffffff';
