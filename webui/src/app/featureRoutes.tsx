import type { RouteObject } from 'react-router';
import { lazyRoute } from './lazyRoute';
import { RouteError } from './shell/RouteError';

const errorElement = <RouteError />;

/**
 * Feature pages mounted by the router: `publicPages` for everyone, `protectedPages` behind the
 * sign-in guard. Each entry is a lazy route object like those in router.tsx (loaded through
 * `lazyRoute`, so a chunk that fails to load shows 'Loading chunk failed').
 */
export const publicPages: RouteObject[] = [
  {
    path: 'about',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/legal/routes/AboutRoute')).AboutRoute,
    })),
  },
  {
    path: 'legal',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/legal/routes/LegalRoute')).LegalRoute,
    })),
  },
  {
    path: 'contact',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/contact/routes/ContactRoute')).ContactRoute,
    })),
  },
  {
    path: 'imported-recipes/:id',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/imports/routes/ImportedRecipeRoute')).ImportedRecipeRoute,
    })),
  },
];

export const protectedPages: RouteObject[] = [
  {
    path: 'user-recipes',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('./pages/CookbookPage')).CookbookPage,
    })),
  },
  {
    path: 'user-recipes/:id',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/cookbook/routes/UserRecipeRoute')).UserRecipeRoute,
    })),
  },
  {
    path: 'home-beta',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/content/routes/HomeBetaRoute')).HomeBetaRoute,
    })),
  },
  {
    path: 'contact-beta',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/contact/routes/ContactRoute')).ContactBetaRoute,
    })),
  },
  {
    path: 'bug-report',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/contact/routes/BugReportRoute')).BugReportRoute,
    })),
  },
  {
    path: 'recipe-creator/*',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/creator/routes/RecipeCreatorRoute')).RecipeCreatorRoute,
    })),
  },
  {
    path: 'recipe-edit/:id/*',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/creator/routes/RecipeEditRoute')).RecipeEditRoute,
    })),
  },
  {
    path: 'user-stores',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/stores/routes/UserStoresRoute')).UserStoresRoute,
    })),
  },
  {
    path: 'user-stores/:id',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/stores/routes/StoreDetailRoute')).StoreDetailRoute,
    })),
  },
  {
    path: 'cook',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/suggestions/routes/CookRoute')).CookRoute,
    })),
  },
  {
    path: 'user-notifications',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/notifications/routes/NotificationsRoute')).NotificationsRoute,
    })),
  },
  {
    path: 'diary',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/mealplans/routes/DiaryRoute')).DiaryRoute,
    })),
  },
  {
    path: 'user-meal-plans',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/mealplans/routes/MealPlansRoute')).MealPlansRoute,
    })),
  },
  {
    path: 'user-meal-plans/create',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/mealplans/routes/CreatePlanRoute')).CreatePlanRoute,
    })),
  },
  {
    path: 'user-meal-plans/edit/:id',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/mealplans/routes/PlanEditRoute')).PlanEditRoute,
    })),
  },
  {
    path: 'user-meal-plans/:id',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/mealplans/routes/PlanViewRoute')).PlanViewRoute,
    })),
  },
  {
    path: 'user-shopping-lists',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/shopping/routes/ShoppingListsRoute')).ShoppingListsRoute,
    })),
  },
  {
    path: 'user-shopping-lists/create',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/shopping/routes/CreateListRoute')).CreateListRoute,
    })),
  },
  {
    path: 'user-shopping-lists/edit/:id',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/shopping/routes/ListEditRoute')).ListEditRoute,
    })),
  },
  {
    path: 'user-shopping-lists/:id',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/shopping/routes/ListViewRoute')).ListViewRoute,
    })),
  },
  {
    path: 'admin/news',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/admin/routes/AdminNewsRoute')).AdminNewsRoute,
    })),
  },
  {
    path: 'admin/publish-requests',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/admin/routes/AdminPublishRequestsRoute')).AdminPublishRequestsRoute,
    })),
  },
  {
    path: 'admin/inbox',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/admin/routes/AdminInboxRoute')).AdminInboxRoute,
    })),
  },
  {
    path: 'admin/users',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/admin/routes/AdminUsersRoute')).AdminUsersRoute,
    })),
  },
  {
    path: 'admin/backups',
    errorElement,
    lazy: lazyRoute(async () => ({
      Component: (await import('@/features/admin/routes/AdminBackupsRoute')).AdminBackupsRoute,
    })),
  },
];
