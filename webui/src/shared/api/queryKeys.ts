/**
 * Every TanStack Query key of the app, one factory per domain. Query options and invalidations
 * take their keys from here, so a feature can refresh another feature's data (after a write that
 * changes it) without importing that feature. A domain's `all` is the prefix of all its keys:
 * invalidating it refreshes every query of the domain.
 */
export const queryKeys = {
  account: {
    all: ['account'] as const,
  },
  auth: {
    verifyEmail: (token: string) => ['auth', 'verify-email', token] as const,
  },
  /** Catalogue recipes (Discover lists and recipe pages). */
  catalogue: {
    all: ['catalogue'] as const,
    lists: () => ['catalogue', 'list'] as const,
    /** One Discover list: the plain list, a search or a filter (the catalogue feature's query object). */
    list: (query: object) => ['catalogue', 'list', query] as const,
    detail: (id: string) => ['catalogue', 'detail', id] as const,
  },
  /** GET /user-saved-recipes (Discover's save hearts and the cookbook's saved tab). */
  savedRecipes: {
    all: ['saved-recipes'] as const,
  },
  /** GET /api/form-options/{kind}: categories and ingredients to pick from. */
  formOptions: {
    all: ['form-options'] as const,
    detail: (kind: 'categories' | 'ingredients') => ['form-options', kind] as const,
  },
  /** Own recipes: the user's list (cookbook) and one recipe (creator, editor). */
  userRecipes: {
    all: ['user-recipes'] as const,
    list: () => ['user-recipes', 'list'] as const,
    detail: (id: number) => ['user-recipes', 'detail', id] as const,
  },
  /** POST /user-recipe-validate as queries: the name check and the publish check of a draft. */
  recipeChecks: {
    all: ['recipe-checks'] as const,
    name: (name: string, userRecipeId: number | null) => ['recipe-checks', 'name', name, userRecipeId] as const,
    publish: (payload: object) => ['recipe-checks', 'publish', payload] as const,
  },
  /** The user's imported recipes. */
  importedRecipes: {
    all: ['imported-recipes'] as const,
    list: () => ['imported-recipes', 'list'] as const,
    detail: (id: string) => ['imported-recipes', 'detail', id] as const,
  },
  /** The lists the user can see (own and shared) and one list (viewer, editor). */
  shoppingLists: {
    all: ['shopping-lists'] as const,
    list: () => ['shopping-lists', 'list'] as const,
    detail: (id: number) => ['shopping-lists', 'detail', id] as const,
  },
  /** The meal plans the user can see (own and shared), one plan, and its ingredient check. */
  mealPlans: {
    all: ['meal-plans'] as const,
    list: () => ['meal-plans', 'list'] as const,
    detail: (id: number) => ['meal-plans', 'detail', id] as const,
    ingredients: (id: number) => ['meal-plans', 'ingredients', id] as const,
  },
  /** GET /calendar-feed: the account's secret calendar address. */
  calendarFeed: {
    all: ['calendar-feed'] as const,
  },
  /** The food stores the user can see (own and shared) and one store. */
  stores: {
    all: ['stores'] as const,
    list: () => ['stores', 'list'] as const,
    detail: (id: number) => ['stores', 'detail', id] as const,
  },
  /**
   * POST /recipe-suggestions (a read): recipes ranked against the stock, one entry per body (the
   * search, filters, limit and `use_up`). Stale whenever a store's stock changes.
   */
  suggestions: {
    all: ['suggestions'] as const,
    list: (body: object) => ['suggestions', 'list', body] as const,
  },
  /** GET /dashboard: the user's lists and default store (and, with meal plans, today's meals). */
  dashboard: {
    all: ['dashboard'] as const,
  },
  /** GET /notifications: expired and expiring stock (changes whenever a store does). */
  notifications: {
    all: ['notifications'] as const,
  },
  /** GET /notifications/settings: the account's daily expiry e-mail. */
  expiryEmail: {
    all: ['expiry-email'] as const,
  },
  homeBeta: {
    all: ['home-beta'] as const,
  },
  adminNews: {
    all: ['admin', 'news'] as const,
  },
  /** The administrator's list of accounts. */
  adminUsers: {
    all: ['admin', 'users'] as const,
  },
  /** The administrator's inbox: contact messages and bug reports. */
  adminInbox: {
    all: ['admin', 'inbox'] as const,
  },
  /** The administrator's publish requests: `pending` or `all`. */
  adminPublishRequests: {
    all: ['admin', 'publish-requests'] as const,
    list: (status: 'pending' | 'all') => ['admin', 'publish-requests', status] as const,
  },
  /** The administrator's list of instance backups. */
  adminBackups: {
    all: ['admin', 'backups'] as const,
  },
};
