import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/shared/lib/storageKeys';
import type { User } from '@/shared/api/wire';

/**
 * The session lives in localStorage under `token` and `user` (spec part 1 §3): the visitor is
 * signed in iff both are stored. Components read it through `useSession()`; every write goes
 * through this module so subscribers re-render.
 */
export interface Session {
  token: string | null;
  user: User | null;
  signedIn: boolean;
}

const listeners = new Set<() => void>();
let cached: { rawToken: string | null; rawUser: string | null; session: Session } | null = null;
/** Where the public-only guard sends a visitor who has just signed in (not persisted). */
let redirectHint: string | null = null;
/**
 * Why the last session ended. After a deliberate log out the next sign-in starts at the
 * dashboard; after an expired session (401) it returns to the page the user was on.
 */
let endReason: SessionEndReason | null = null;

export type SessionEndReason = 'logout' | 'expired';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'name' in value) return value as User;
    return null;
  } catch {
    return null;
  }
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) emit();
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function getSession(): Session {
  const rawToken = read(STORAGE_KEYS.token);
  const rawUser = read(STORAGE_KEYS.user);
  if (cached && cached.rawToken === rawToken && cached.rawUser === rawUser) return cached.session;
  const user = parseUser(rawUser);
  const session: Session = { token: rawToken, user, signedIn: Boolean(rawToken && user) };
  cached = { rawToken, rawUser, session };
  return session;
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function isSignedIn(): boolean {
  return getSession().signedIn;
}

/** Stores token and user after a successful login. `redirectTo` tells the guard where to go next. */
export function setSession(token: string, user: User, options: { redirectTo?: string | null } = {}): void {
  redirectHint = options.redirectTo ?? null;
  endReason = null;
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** Replaces the stored user (after an account refresh or update). */
export function setStoredUser(user: User): void {
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** Signs out locally: removes token, user and saved recipes (notes stay for their author: `notes:{user id}`). */
export function clearSession(reason: SessionEndReason = 'expired'): void {
  redirectHint = null;
  endReason = reason;
  window.localStorage.removeItem(STORAGE_KEYS.token);
  window.localStorage.removeItem(STORAGE_KEYS.user);
  window.localStorage.removeItem(STORAGE_KEYS.savedRecipes);
  emit();
}

export function lastSessionEndReason(): SessionEndReason | null {
  return endReason;
}

export function peekRedirectHint(): string | null {
  return redirectHint;
}

export function clearRedirectHint(): void {
  redirectHint = null;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
