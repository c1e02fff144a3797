import type { RouteObject } from 'react-router';

/**
 * Feature pages mounted by the router: `publicPages` for everyone, `protectedPages` behind the
 * sign-in guard. Each entry is a lazy route object like those in router.tsx.
 */
export const publicPages: RouteObject[] = [];

export const protectedPages: RouteObject[] = [];
