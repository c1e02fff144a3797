/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { constants as zlib, brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

/** The small script index.html runs before the app, to start the first screen's data (src/early.ts). */
const EARLY_ENTRY = 'early';
const EARLY_SOURCE = 'src/early.ts';
/** The modules of the early script's graph (filled at the end of the build's module phase). */
const earlyModules = new Set<string>();

/**
 * index.html gets the early script (an entry of its own, see `input` below) ahead of the app's:
 * a module script with a modulepreload for each chunk it imports, so both download at once and the
 * early one runs without waiting for the app's large chunks.
 */
function earlyScript(): Plugin {
  return {
    name: 'larder:early-script',
    apply: 'build',
    buildEnd() {
      // Everything the early script imports, React's core included: one chunk (see `groups`).
      earlyModules.clear();
      const entry = [...this.getModuleIds()].find((id) => this.getModuleInfo(id)?.isEntry && id.endsWith(EARLY_SOURCE));
      const visit = (id: string) => {
        if (earlyModules.has(id)) return;
        earlyModules.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(visit);
      };
      if (entry) visit(entry);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === EARLY_ENTRY);
        if (!entry || entry.type !== 'chunk') throw new Error(`no '${EARLY_ENTRY}' entry chunk in the bundle`);
        const imports: string[] = [];
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (imports.includes(fileName) || !chunk || chunk.type !== 'chunk') return;
          imports.push(fileName);
          chunk.imports.forEach(visit);
        };
        entry.imports.forEach(visit);
        // Ahead of the app's script, async: it runs as soon as its own small chunks are in.
        const tags = [
          `<script type="module" async crossorigin src="/${entry.fileName}"></script>`,
          ...imports
            .filter((fileName) => !html.includes(`/${fileName}"`))
            .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`),
        ];
        const appScript = html.indexOf('<script type="module"');
        if (appScript < 0) throw new Error("no module script in index.html");
        return `${html.slice(0, appScript)}${tags.join('\n    ')}\n    ${html.slice(appScript)}`;
      },
    },
  };
}

/**
 * Every script and stylesheet of /assets also stored compressed, Brotli (`.br`, smallest) and gzip
 * (`.gz`), at the highest levels: the server sends these as they are to a browser that accepts them
 * (src/larder/core/spa.py) instead of compressing on every request. The service worker precaches the
 * plain files only (its glob patterns do not match these names).
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'larder:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!file.fileName.startsWith('assets/') || !/\.(js|css|svg|json)$/.test(file.fileName)) continue;
        const path = `${outDir}/${file.fileName}`;
        const body = readFileSync(path);
        const brotli = brotliCompressSync(body, {
          params: {
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gzip = gzipSync(body, { level: 9 });
        if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}

export default defineConfig({
  root: webuiDir,
  base: '/',
  // Written into every script, style and preload tag of index.html and a <meta property="csp-nonce">;
  // the server puts a fresh nonce in its place on every answer (src/larder/core/headers.py).
  html: { cspNonce: '__LARDER_CSP_NONCE__' },
  publicDir: `${webuiDir}public`,
  plugins: [
    react(),
    earlyScript(),
    precompressAssets(),
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
            // Not the live event stream: it never ends, so a cached copy could never be made (and
            // the worker would hold every event it passed on).
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              url.pathname !== '/api/pwa/events' &&
              !url.pathname.startsWith('/api/pwa/imported-images/') &&
              (url.pathname.startsWith('/api/pwa/') || url.pathname.startsWith('/api/form-options/')),
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
            // Stored images never change under a name, nor an imported recipe's picture under its
            // signed address: the cached copy is as good as the server's.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && (url.pathname.startsWith('/uploads/') || url.pathname.startsWith('/api/pwa/imported-images/')),
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
      // The app (index.html, main.tsx) and the early script index.html runs first.
      input: { index: `${webuiDir}index.html`, [EARLY_ENTRY]: `${webuiDir}src/early.ts` },
      output: {
        // Long-lived vendor chunks: the app's own code changes far more often than these.
        codeSplitting: {
          groups: [
            // Lazy: fetched when the wake-lock toggle is on screen.
            { name: 'nosleep', test: /[\\/]node_modules[\\/]nosleep\.js[\\/]/, priority: 2 },
            // The early script's modules (React's small core included, through the session store) in
            // one small chunk, so that it does not wait for the large vendor chunk.
            { name: 'first', test: (id) => earlyModules.has(id), priority: 3 },
            // Every other library the first screen needs (React DOM, the router, Mantine's core,
            // TanStack Query, the icons on screen), in one chunk that stays cached across releases.
            // Libraries only lazy pages and dialogs use stay with them.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
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
    // Every core: Vitest's default leaves one for the main process, which on a 2-core machine
    // runs the files one at a time (125 s instead of 78 s).
    maxWorkers: availableParallelism(),
    testTimeout: 15000,
  },
});
