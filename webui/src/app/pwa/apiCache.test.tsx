import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/shared/session';
import { currentPath, renderApp, signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';
import { clearApiCache, installApiCacheClearing } from './apiCache';
import { API_CACHE_NAME } from './constants';

let deleteCache: ReturnType<typeof vi.fn<(name: string) => Promise<boolean>>>;

beforeEach(() => {
  deleteCache = vi.fn(async (_name: string) => true);
  Object.defineProperty(globalThis, 'caches', { value: { delete: deleteCache }, configurable: true });
});

afterEach(() => {
  delete (globalThis as { caches?: unknown }).caches;
});

describe('runtime API cache clearing', () => {
  it('deletes the one named cache', async () => {
    await clearApiCache();
    expect(deleteCache).toHaveBeenCalledWith(API_CACHE_NAME);
    expect(API_CACHE_NAME).toBe('larder-api-v1');
  });

  it('does nothing without Cache Storage and only logs a failure', async () => {
    delete (globalThis as { caches?: unknown }).caches;
    await expect(clearApiCache()).resolves.toBeUndefined();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    Object.defineProperty(globalThis, 'caches', {
      value: { delete: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    await clearApiCache();
    expect(consoleError).toHaveBeenCalledWith('clearing the API cache failed', expect.any(Error));
  });

  it('clears whenever the session changes: sign-out (logout or 401) and sign-in', () => {
    signIn();
    const stop = installApiCacheClearing();
    expect(deleteCache).not.toHaveBeenCalled();
    clearSession('logout');
    expect(deleteCache).toHaveBeenCalledTimes(1);
    setSession('other-token', { ...testUser, name: 'bob_the_cook' });
    expect(deleteCache).toHaveBeenCalledTimes(2);
    clearSession('expired');
    expect(deleteCache).toHaveBeenCalledTimes(3);
    stop();
    setSession('third-token', testUser);
    expect(deleteCache).toHaveBeenCalledTimes(3);
  });

  it('clears at start when nobody is signed in', () => {
    const stop = installApiCacheClearing();
    expect(deleteCache).toHaveBeenCalledWith(API_CACHE_NAME);
    stop();
  });
});

describe('with the app (as App.tsx installs it)', () => {
  it('log out from the side menu clears the cache', async () => {
    signIn();
    const stop = installApiCacheClearing();
    const { user, router } = renderApp('/user-dashboard');
    await screen.findByRole('heading', { name: `Hello, ${testUser.name}` });
    expect(deleteCache).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'log out' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(deleteCache).toHaveBeenCalledWith(API_CACHE_NAME);
    stop();
  });

  it('a 401 clears the cache', async () => {
    signIn();
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    const stop = installApiCacheClearing();
    const { router } = renderApp('/user-preferences');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(deleteCache).toHaveBeenCalledWith(API_CACHE_NAME);
    stop();
  });
});
