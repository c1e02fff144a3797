import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp, signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { routes } from './router';

/** The app's routes plus one extra child of the root (layout) route. */
function withExtraRoute(extra: RouteObject): RouteObject[] {
  const root = routes[0] as NonIndexRouteObject;
  return [{ ...root, children: [...(root.children ?? []), extra] }];
}
import { MENU_ENTRIES } from './shell/menuEntries';

describe('start behaviour and guards', () => {
  it('/ goes to /home when signed out', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByText('Closed beta is now live')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/home');
  });

  it('/ goes to /user-dashboard when signed in', async () => {
    signIn();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: `Hello, ${testUser.name}` })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/user-dashboard');
  });

  it('needs both token and user to count as signed in', async () => {
    window.localStorage.setItem('token', 'only-a-token');
    const { router } = renderApp('/');
    await screen.findByText('Closed beta is now live');
    expect(currentPath(router)).toBe('/home');
  });

  it.each(['/user-dashboard', '/user-preferences'])('sends a signed-out visitor of %s to /login', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
  });

  it.each(['/login', '/register', '/reset-password?token=x'])(
    'sends a signed-in visitor of %s to /user-dashboard',
    async (path) => {
      signIn();
      const { router } = renderApp(path);
      await screen.findByRole('heading', { name: `Hello, ${testUser.name}` });
      expect(currentPath(router)).toBe('/user-dashboard');
    },
  );

  it('shows a not-found view with a link home for unknown paths', async () => {
    const { user, router } = renderApp('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go home' }));
    await screen.findByText('Closed beta is now live');
    expect(currentPath(router)).toBe('/home');
  });

  it('a 401 on an authenticated call signs out and lands on /login', async () => {
    signIn();
    window.localStorage.setItem('saved_recipes', '[]');
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    const { router } = renderApp('/user-dashboard');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('saved_recipes')).toBeNull();
  });

  it('refreshes the stored user from GET /account', async () => {
    signIn();
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ ...testUser, name: 'renamed_cook' })));
    renderApp('/user-dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello, renamed_cook' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'renamed_cook' });
  });
});

describe('error boundary', () => {
  it("replaces a screen that fails to draw with 'Something went wrong.'", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('render failure');
    }
    // The broken route has no boundary of its own: the root boundary catches it.
    renderApp('/broken', { routes: withExtraRoute({ path: 'broken', element: <Broken /> }) });
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('a page route keeps the shell and shows the text in place of the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const withBroken = withExtraRoute({
      path: 'broken',
      errorElement: routes[0]!.errorElement,
      Component: () => {
        throw new Error('page failure');
      },
    });
    renderApp('/broken', { routes: withBroken });
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});

describe('app shell', () => {
  it('opens the side menu with the entries in order, the user name and the version', async () => {
    signIn();
    const { user } = renderApp('/user-dashboard');
    await screen.findByRole('heading', { name: `Hello, ${testUser.name}` });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(labels).toEqual(MENU_ENTRIES.map((entry) => [entry.label, entry.to]));
    expect(labels.map(([label]) => label)).toEqual([
      'dashboard',
      'discover',
      'my cookbook',
      'create recipe',
      'shopping lists',
      'meal planning',
      'food diary',
      'pantry manager',
      'notifications',
      'account',
    ]);
    expect(within(nav).getByRole('button', { name: 'log out' })).toBeInTheDocument();
    expect(screen.getByTestId('menu-user-name')).toHaveTextContent(testUser.name);
    expect(screen.getByText('v0.1.0')).toBeInTheDocument();
    // 80 percent of the screen, up to 300 px.
    expect(document.querySelector('[style*="--drawer-size"]')?.getAttribute('style')).toContain(
      '--drawer-size: min(80%, 300px)',
    );
  });

  it('log out calls /logout, clears the session and the cache, and goes to /login', async () => {
    signIn();
    window.localStorage.setItem('saved_recipes', '[]');
    let loggedOut = false;
    server.use(
      http.post(apiUrl('/logout'), ({ request }) => {
        loggedOut = request.headers.get('authorization') === 'Bearer test-token';
        return HttpResponse.json({ message: 'Logged out.' });
      }),
    );
    const { user, router, queryClient } = renderApp('/user-dashboard');
    await screen.findByRole('heading', { name: `Hello, ${testUser.name}` });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'log out' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(loggedOut).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('saved_recipes')).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('after a log out the login page forgets the page the user was on', async () => {
    signIn();
    const { user, router } = renderApp('/user-preferences');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'log out' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(router.state.location.state).toBeNull();
  });

  it('after a 401 the login page remembers the page the user was on', async () => {
    signIn();
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    const { router } = renderApp('/user-preferences');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/user-preferences' } });
  });

  it('log out still signs out locally when the server call fails', async () => {
    signIn();
    server.use(http.post(apiUrl('/logout'), () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    const { user, router } = renderApp('/user-dashboard');
    await screen.findByRole('heading', { name: `Hello, ${testUser.name}` });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'log out' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows a login link and the /home-beta link when signed out', async () => {
    renderApp('/home');
    await screen.findByText('Closed beta is now live');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Home beta' })).toHaveAttribute('href', '/home-beta');
  });

  it('hides the login link when signed in', async () => {
    signIn();
    renderApp('/user-dashboard');
    await screen.findByRole('heading', { name: `Hello, ${testUser.name}` });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('Back falls back to /home when signed out and there is no previous entry', async () => {
    const { user, router } = renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText('Closed beta is now live');
    expect(currentPath(router)).toBe('/home');
  });

  it('Back falls back to /user-dashboard when signed in and there is no previous entry', async () => {
    signIn();
    const { user, router } = renderApp('/user-preferences');
    await screen.findByRole('tab', { name: 'account' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: `Hello, ${testUser.name}` });
    expect(currentPath(router)).toBe('/user-dashboard');
  });

  it('Back goes to the previous history entry when there is one', async () => {
    const { user, router } = renderApp('/home');
    await screen.findByText('Closed beta is now live');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByLabelText('Invite code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText('Closed beta is now live');
    expect(currentPath(router)).toBe('/home');
  });
});
