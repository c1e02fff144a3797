import { screen } from '@testing-library/react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import {
  CHUNK_FAILURE_TEXT,
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  isChunkLoadError,
  lazyRoute,
  loadChunk,
} from './lazyRoute';
import { routes } from './router';
import { RENDER_FAILURE_TEXT } from './shell/RouteError';

/** The app's routes plus one lazy page at /lazy-page with the usual route error element. */
function withLazyPage(lazy: RouteObject['lazy']): RouteObject[] {
  const root = routes[0] as NonIndexRouteObject;
  const page: RouteObject = { path: 'lazy-page', errorElement: root.errorElement, lazy } as RouteObject;
  return [{ ...root, children: [...(root.children ?? []), page] }];
}

function Page() {
  return <p>lazy page content</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk and lazyRoute (spec part 1 §8 Script chunk loading fails, §9 timeout 120 s)', () => {
  it('waits 120 s for a chunk', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    expect(CHUNK_FAILURE_TEXT).toBe('Loading chunk failed');
  });

  it('passes a loaded chunk through', async () => {
    const module = { Component: Page };
    await expect(loadChunk(async () => module)).resolves.toBe(module);
    await expect(lazyRoute(async () => module)()).resolves.toBe(module);
  });

  it('turns a hung download into a ChunkLoadError after 120 s, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled: unknown = 'pending';
    loadChunk(() => new Promise<never>(() => {})).then(
      () => (settled = 'resolved'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(settled)).toBe(true);
  });

  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-1.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Firefox', new TypeError('error loading dynamically imported module: http://x/assets/Page-1.js')],
    ['webpack-style', Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' })],
  ])('recognises a failed download (%s)', async (_browser, failure) => {
    const error: unknown = await loadChunk(() => Promise.reject(failure)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('a failed lazy route resolves to a loader that throws the failure (for the error element)', async () => {
    const failure = new TypeError('Importing a module script failed.');
    const route = await lazyRoute(() => Promise.reject(failure))();
    expect(route).toHaveProperty('loader');
    let thrown: unknown;
    try {
      (route as { loader: () => never }).loader();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ChunkLoadError);
    expect((thrown as Error).cause).toBe(failure);
  });

  it('leaves other errors alone', async () => {
    const failure = new Error('boom');
    await expect(loadChunk(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(isChunkLoadError(failure)).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('route error element', () => {
  it("shows 'Loading chunk failed' when a page's code cannot be downloaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = lazyRoute(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/x.js')),
    );
    renderApp('/lazy-page', { routes: withLazyPage(failing) });
    expect(await screen.findByText('Loading chunk failed')).toBeInTheDocument();
    expect(screen.queryByText(RENDER_FAILURE_TEXT)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // The shell stays.
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it("shows 'Loading chunk failed' when the download does not finish in time", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const hung = lazyRoute(() => new Promise<never>(() => {}), 50);
    renderApp('/lazy-page', { routes: withLazyPage(hung) });
    expect(await screen.findByText('Loading chunk failed')).toBeInTheDocument();
  });

  it("shows 'Something went wrong.' when a lazy route fails otherwise", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/lazy-page', { routes: withLazyPage(lazyRoute(() => Promise.reject(new Error('boom')))) });
    expect(await screen.findByText(RENDER_FAILURE_TEXT)).toBeInTheDocument();
  });

  it("shows 'Something went wrong.' when the page fails to draw", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = lazyRoute(async () => ({
      Component: () => {
        throw new Error('render failure');
      },
    }));
    renderApp('/lazy-page', { routes: withLazyPage(broken) });
    expect(await screen.findByText(RENDER_FAILURE_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Loading chunk failed')).not.toBeInTheDocument();
  });

  it('loads the real pages through lazyRoute', async () => {
    renderApp('/home');
    expect(await screen.findByText('Closed beta is now live')).toBeInTheDocument();
  });
});
