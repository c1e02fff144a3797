import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstScreen } from './app/afterFirstScreen';
import { App } from './app/App';
import { prepareForContentSecurityPolicy } from './app/csp';
import { listenForInstallPrompt } from './app/pwa/install';
import { registerServiceWorker, SERVICE_WORKER_WAIT_MS } from './app/pwa/serviceWorker';
import { measureWebVitalsWhenIdle } from './app/pwa/webVitals';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root element');

// Before the first render: the browser may offer the install prompt right away.
listenForInstallPrompt();
// Before the first render too: the first styles Mantine writes must carry the page's nonce.
prepareForContentSecurityPolicy();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// /service-worker.js (production build only), once the first screen is up: its code and the
// precaching it starts would compete with the first screen's script and data. Within a second of
// that at most, idle or not: a first visit of a few seconds must leave an app that opens offline.
afterFirstScreen(() => void registerServiceWorker(), SERVICE_WORKER_WAIT_MS);
measureWebVitalsWhenIdle();
