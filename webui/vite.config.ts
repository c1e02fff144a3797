/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  API_CACHE_NAME,
  API_NETWORK_TIMEOUT_SECONDS,
  BACKGROUND_COLOR,
  IMAGE_CACHE_NAME,
  SERVICE_WORKER_FILENAME,
  THEME_COLOR,
} from './src/app/pwa/constants.js';

const webuiDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { version: string };
const backend = 'http://127.0.0.1:8000';

export default defineConfig({
  root: webuiDir,
  base: '/',
  // Written into every script, style and preload tag of index.html and a <meta property="csp-nonce">;
  // the server puts a fresh nonce in its place on every answer (src/larder/core/headers.py).
  html: { cspNonce: '__LARDER_CSP_NONCE__' },
  publicDir: `${webuiDir}public`,
  plugins: [
    react(),
    // Installable PWA: web app manifest + a Workbox (generateSW) service worker at /service-worker.js.
    // The app registers it itself (src/app/pwa/serviceWorker.ts) and drives the update prompt.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      filename: SERVICE_WORKER_FILENAME,
      scope: '/',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Larder',
        short_name: 'Larder',
        description: 'Recipes, meal plans, shopping lists and pantry for your household.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['food', 'lifestyle'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
        ],
      },
      workbox: {
        // App shell and assets precached: the app opens offline after one visit.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
        cleanupOutdatedCaches: true,
        // Take control of the page on the first install (updates still wait for the Update button).
        clientsClaim: true,
        navigateFallback: 'index.html',
        // The API, the version file and stored images are never answered with the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/latest-version\.json$/, /^\/uploads\//],
        runtimeCaching: [
          {
            // What the user last saw of their data, for an offline reload (a shopping list opened
            // once shops offline: the list, the stores and lists to complete it into, and the
            // categories and ingredients it is grouped and edited with). Cleared by the app on
            // every session change (src/app/pwa/apiCache.ts): never shown to another user.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && (url.pathname.startsWith('/api/pwa/') || url.pathname.startsWith('/api/form-options/')),
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: API_CACHE_NAME,
              networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
            },
          },
          {
            // Stored images never change under a name: the cached copy is as good as the server's.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
            method: 'GET',
            handler: 'CacheFirst',
            options: {
              cacheName: IMAGE_CACHE_NAME,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            },
          },
        ],
      },
    }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  resolve: {
    alias: { '@': `${webuiDir}src` },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/latest-version.json': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: `${repoRoot}src/larder/static/web`,
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: the app's own code changes far more often than these.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'mantine', test: /[\\/]node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-transition-group|clsx|tslib|get-nonce|detect-node-es)[\\/]/ },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            // Lazy: fetched when the wake-lock toggle is on screen.
            { name: 'nosleep', test: /[\\/]node_modules[\\/]nosleep\.js[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    root: webuiDir,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // One jsdom for all files of a worker: cuts the run from ~45 s to ~20 s on two cores. Each test
    // starts clean anyway (setup.ts resets storage, handlers and the DOM; every render makes its own
    // router and query client).
    isolate: false,
    testTimeout: 15000,
  },
});
