/// <reference types="vite/client" />

/** The app version (root package.json "version"), injected at build time by Vite `define`. */
declare const __APP_VERSION__: string;
