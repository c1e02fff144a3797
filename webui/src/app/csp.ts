/**
 * What the app does to run under the server's Content-Security-Policy (src/larder/core/web/headers.py):
 * scripts only from the app's own files, no eval, and `<style>` elements only with the page's nonce.
 *
 * The server answers every index.html with a fresh nonce in place of Vite's `html.cspNonce`
 * placeholder. Mantine (theme variables, responsive props) and react-remove-scroll (Modal, Drawer)
 * write `<style>` elements at run time, so both are handed the nonce: Mantine through
 * `getStyleNonce`, react-remove-scroll through get-nonce, which reads the `__webpack_nonce__` global.
 */
// Zod's core only: the schemas themselves load with the forms that use them.
import { config as zodConfig } from 'zod/v4/core';

let nonce: string | undefined;

function readNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide the nonce attribute of a protected page; the property keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/** Call once before the first render (and before the first schema parse). */
export function prepareForContentSecurityPolicy(): void {
  nonce = readNonce();
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
  // Zod would probe `new Function` to compile its parsers; the policy forbids it, and even the
  // caught probe is reported as a violation. Interpreted parsing is fast enough for our forms.
  zodConfig({ jitless: true });
}

/** For `MantineProvider getStyleNonce`: none without a nonce (tests, the dev server). */
export function styleNonceGetter(): (() => string) | undefined {
  const value = nonce;
  return value ? () => value : undefined;
}
