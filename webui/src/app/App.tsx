import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { startShoppingSync } from '@/features/shopping';
import { setUnauthorizedHandler } from '@/shared/api';
import { afterFirstScreen } from './afterFirstScreen';
import { installApiCacheClearing } from './pwa/apiCache';
import { persistQueries, restoreQueries } from './pwa/persistedQueries';
import { startUpdateCheck } from './pwa/updateCheck';
import { AppProviders } from './providers';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { AppErrorBoundary } from './shell/AppErrorBoundary';

type AppRouter = ReturnType<typeof createAppRouter>;

/** After a 401 on a tokened call (session already cleared): drop cached data, go to /login. */
export function installUnauthorizedRedirect(router: Pick<AppRouter, 'navigate' | 'state'>, queryClient: QueryClient) {
  return setUnauthorizedHandler(() => {
    queryClient.clear();
    // Same target and state as the protected-route guard, whichever of the two runs first.
    const { pathname, search, hash } = router.state.location;
    void router.navigate('/login', { replace: true, state: { from: { pathname, search, hash } } });
  });
}

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    restoreQueries(client);
    return client;
  });
  const [router] = useState(() => createAppRouter());

  useEffect(() => installUnauthorizedRedirect(router, queryClient), [router, queryClient]);
  // The service worker's API cache never outlives the session it was filled in (log out, 401).
  useEffect(() => installApiCacheClearing(), []);
  // What the user last saw of lists, stores and plans, on the device for an offline start.
  useEffect(() => persistQueries(queryClient), [queryClient]);
  // Update button: compare the server's version with the installed one, then poll a little (once
  // the first screen is up).
  useEffect(() => afterFirstScreen(() => startUpdateCheck()), []);
  // Shops completed offline are sent at start, when the network returns and after a sign-in.
  useEffect(() => afterFirstScreen(() => startShoppingSync(queryClient)), [queryClient]);

  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
