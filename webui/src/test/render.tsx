import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { installUnauthorizedRedirect } from '@/app/App';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/queryClient';
import { routes } from '@/app/router';
import type { User } from '@/shared/session';
import { testUser } from './server';

/** Stores a session as a successful login would. */
export function signIn(user: User = testUser, token = 'test-token'): User {
  window.localStorage.setItem('token', token);
  window.localStorage.setItem('user', JSON.stringify(user));
  return user;
}

/** Renders the whole app (providers, shell, guards, routes) at `path` in a memory router. */
export function renderApp(path: string, options: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(options.routes ?? routes, { initialEntries: [path] });
  const restore = installUnauthorizedRedirect(router, queryClient);
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const unmount = () => {
    result.unmount();
    restore();
  };
  return { ...result, unmount, router, queryClient, user };
}

/** Renders one element inside the app providers (no router). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup({ delay: null });
  return { ...render(<AppProviders queryClient={queryClient} env="test">{ui}</AppProviders>), queryClient, user };
}

/** Current location of a memory router, as path + search. */
export function currentPath(router: { state: { location: { pathname: string; search: string } } }): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/** Puts `value` into a field in one input event (much faster than typing it key by key). */
export async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, value: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(value);
}
