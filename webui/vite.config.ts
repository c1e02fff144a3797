/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webuiDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { version: string };
const backend = 'http://127.0.0.1:8000';

export default defineConfig({
  root: webuiDir,
  base: '/',
  publicDir: `${webuiDir}public`,
  plugins: [react()],
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
