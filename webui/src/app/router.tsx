import { createBrowserRouter, type RouteObject } from 'react-router';
import { DiscoverRoute } from '@/features/catalogue/routes/DiscoverRoute';
import { CenteredLoader } from '@/shared/ui/CenteredLoader';
import { protectedPages, publicPages } from './featureRoutes';
import { lazyRoute } from './lazyRoute';
import { AppLayout } from './shell/AppLayout';
import { ProtectedRoute, PublicOnlyRoute, StartRedirect } from './shell/guards';
import { NotFound } from './shell/NotFound';
import { RouteError } from './shell/RouteError';

const errorElement = <RouteError />;

/** The app's route objects (shared by the browser router and the tests' memory router). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement,
    hydrateFallbackElement: <CenteredLoader />,
    children: [
      { index: true, element: <StartRedirect />, errorElement },
      {
        path: 'home',
        errorElement,
        lazy: lazyRoute(async () => ({
          Component: (await import('@/features/home/routes/HomeRoute')).HomeRoute,
        })),
      },
      {
        path: 'verify',
        errorElement,
        lazy: lazyRoute(async () => ({
          Component: (await import('@/features/auth/routes/VerifyRoute')).VerifyRoute,
        })),
      },
      // The catalogue is the page most visits start on: its first screen comes with the app's own
      // script instead of one more round trip for a route chunk. Everything else loads lazily.
      { path: 'recipes', errorElement, Component: DiscoverRoute },
      {
        path: 'recipes/:recipeId',
        errorElement,
        lazy: lazyRoute(async () => ({
          Component: (await import('@/features/catalogue/routes/RecipeDetailRoute')).RecipeDetailRoute,
        })),
      },
      ...publicPages,
      {
        element: <PublicOnlyRoute />,
        errorElement,
        children: [
          {
            path: 'login',
            errorElement,
            lazy: lazyRoute(async () => ({
              Component: (await import('@/features/auth/routes/LoginRoute')).LoginRoute,
            })),
          },
          {
            path: 'forgot-password',
            errorElement,
            lazy: lazyRoute(async () => ({
              Component: (await import('@/features/auth/routes/LoginRoute')).ForgotPasswordRoute,
            })),
          },
          {
            path: 'register',
            errorElement,
            lazy: lazyRoute(async () => ({
              Component: (await import('@/features/auth/routes/RegisterRoute')).RegisterRoute,
            })),
          },
          {
            path: 'reset-password',
            errorElement,
            lazy: lazyRoute(async () => ({
              Component: (await import('@/features/auth/routes/ResetPasswordRoute')).ResetPasswordRoute,
            })),
          },
        ],
      },
      {
        element: <ProtectedRoute />,
        errorElement,
        children: [
          {
            path: 'user-dashboard',
            errorElement,
            lazy: lazyRoute(async () => ({
              Component: (await import('./pages/DashboardPage')).DashboardPage,
            })),
          },
          {
            path: 'user-preferences',
            errorElement,
            lazy: lazyRoute(async () => ({
              Component: (await import('@/features/account/routes/UserPreferencesRoute')).UserPreferencesRoute,
            })),
          },
          ...protectedPages,
        ],
      },
      { path: '*', element: <NotFound />, errorElement },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
