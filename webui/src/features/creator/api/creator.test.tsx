import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, queryKeys, setUnauthorizedHandler } from '@/shared/api';
import { apiUrl, server, testUser } from '@/test/server';
import { validDraft } from '../testData';
import { toPayload } from '../lib/draft';
import { uploadImage, useSaveRecipeMutation } from './creator';

describe('uploadImage', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it('answers the stored name', async () => {
    window.localStorage.setItem('token', 'tok-123');
    server.use(http.post(apiUrl('/uploads'), () => HttpResponse.json({ image: 'abc.jpg' }, { status: 201 })));
    await expect(uploadImage(new Blob(['jpeg'], { type: 'image/jpeg' }))).resolves.toBe('abc.jpg');
  });

  it('a 401 clears the session and goes to /login like any other call', async () => {
    window.localStorage.setItem('token', 'tok-123');
    window.localStorage.setItem('user', JSON.stringify(testUser));
    window.localStorage.setItem('saved_recipes', '[1,2]');
    const onUnauthorized = vi.fn();
    restore = setUnauthorizedHandler(onUnauthorized);
    server.use(
      http.post(apiUrl('/uploads'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
    );

    const error = await uploadImage(new Blob(['jpeg'], { type: 'image/jpeg' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('saved_recipes')).toBeNull();
  });
});

describe('saving an own recipe refreshes exactly what it changes', () => {
  /** A query client holding one answer under each key of the app the save might touch. */
  function seededClient(editing: { published: boolean; pending: boolean }) {
    const queryClient = new QueryClient();
    const request = editing.pending ? { id: 1, status: 'pending' } : null;
    const keys = {
      ownList: queryKeys.userRecipes.list(),
      ownOther: queryKeys.userRecipes.detail(8),
      requests: queryKeys.adminPublishRequests.list('pending'),
      catalogueList: queryKeys.catalogue.list({ kind: 'list', page: 1 }),
      catalogueRecipe: queryKeys.catalogue.detail('40'),
      saved: queryKeys.savedRecipes.all,
      homeBeta: queryKeys.homeBeta.all,
      imported: queryKeys.importedRecipes.list(),
      account: queryKeys.account.all,
      options: queryKeys.formOptions.detail('categories'),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, []);
    queryClient.setQueryData(queryKeys.userRecipes.detail(5), {
      user_recipe_id: 5,
      published: editing.published,
      recipe_id: editing.published ? 40 : null,
      request,
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const stale = () =>
      Object.entries(keys)
        .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
        .map(([name]) => name)
        .sort();
    return { queryClient, wrapper, stale };
  }

  function answerSaves() {
    const recipe = (id: number) => ({ data: { user_recipe_id: id, published: false, recipe_id: null, request: null } });
    server.use(
      http.post(apiUrl('/user-recipe-creator'), () => HttpResponse.json(recipe(9), { status: 201 })),
      http.put(apiUrl('/user-recipe-creator/:id'), ({ params }) => HttpResponse.json(recipe(Number(params.id)))),
    );
  }

  it('a new recipe: only the own recipe list', async () => {
    answerSaves();
    const { wrapper, stale, queryClient } = seededClient({ published: false, pending: false });
    const { result } = renderHook(() => useSaveRecipeMutation(), { wrapper });
    await result.current.mutateAsync({ id: null, payload: toPayload(validDraft()) });
    expect(stale()).toEqual(['ownList']);
    expect(queryClient.getQueryData(queryKeys.userRecipes.detail(9))).toMatchObject({ user_recipe_id: 9 });
  });

  it('an edit of a private recipe with an open request: also the publish requests', async () => {
    answerSaves();
    const { wrapper, stale } = seededClient({ published: false, pending: true });
    const { result } = renderHook(() => useSaveRecipeMutation(), { wrapper });
    await result.current.mutateAsync({ id: 5, payload: toPayload(validDraft({ user_recipe_id: 5 })) });
    expect(stale()).toEqual(['ownList', 'requests']);
  });

  it('an edit of a published recipe: also the catalogue, saved recipes and /home-beta', async () => {
    answerSaves();
    const { wrapper, stale } = seededClient({ published: true, pending: false });
    const { result } = renderHook(() => useSaveRecipeMutation(), { wrapper });
    await result.current.mutateAsync({ id: 5, payload: toPayload(validDraft({ user_recipe_id: 5 })) });
    expect(stale()).toEqual(['catalogueList', 'catalogueRecipe', 'homeBeta', 'ownList', 'requests', 'saved']);
  });
});
