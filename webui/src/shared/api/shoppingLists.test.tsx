import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makeSendList } from '@/test/sendTargets';
import { apiUrl, server } from '@/test/server';
import { queryKeys } from './queryKeys';
import { useMergeIntoList } from './shoppingLists';

const LIST_ID = 7;
const before = makeSendList(LIST_ID);
const merged = makeSendList(LIST_ID, {
  ingredients: [
    {
      value: 'CUSTOM-1',
      name: 'Flour',
      quantity: 1.225,
      unit: 'kg',
      measurement: 'kg',
      checked: false,
      image: null,
      category_id: null,
      default_quantity: 1,
      default_unit: 'kg',
      date_added: '2025-03-01T12:00:00Z',
    },
  ],
});

/** A client holding the list, the lists overview and the dashboard, all fresh. */
function seededClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.shoppingLists.list(), { data: [before] });
  queryClient.setQueryData(queryKeys.shoppingLists.detail(LIST_ID), { shopping_list: before });
  queryClient.setQueryData(queryKeys.dashboard.all, { data: { lists: [] } });
  return queryClient;
}

function wrapperOf(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

describe('useMergeIntoList (the one merge of every screen)', () => {
  it.each([
    ['a dialog (send to list, move from a store, a plan)', undefined],
    ['the list editor, in its line of changes', LIST_ID],
  ])('from %s: the list shows the answer, the overview and the dashboard are refreshed', async (_name, edited) => {
    server.use(http.post(apiUrl('/user-shoppinglists/:id/merge'), () => HttpResponse.json({ data: merged })));
    const queryClient = seededClient();
    const { result } = renderHook(() => useMergeIntoList(edited), { wrapper: wrapperOf(queryClient) });

    await act(() => result.current.mutateAsync({ listId: LIST_ID, payload: { ingredients: [{ name: 'Flour' }] } }));

    await waitFor(() => expect(queryClient.getQueryState(queryKeys.dashboard.all)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(queryKeys.shoppingLists.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(queryKeys.shoppingLists.detail(LIST_ID))).toEqual({ shopping_list: merged });
    expect(queryClient.getQueryData(queryKeys.shoppingLists.list())).toEqual({ data: [merged] });
  });

  it('a failed merge fetches the list again (what a screen shows may be ahead of the server)', async () => {
    server.use(
      http.post(apiUrl('/user-shoppinglists/:id/merge'), () => HttpResponse.json({ message: 'Busy' }, { status: 503 })),
    );
    const queryClient = seededClient();
    const { result } = renderHook(() => useMergeIntoList(), { wrapper: wrapperOf(queryClient) });

    await act(() =>
      result.current.mutateAsync({ listId: LIST_ID, payload: { ingredients: [{ name: 'Flour' }] } }).catch(() => undefined),
    );

    expect(queryClient.getQueryState(queryKeys.shoppingLists.detail(LIST_ID))?.isInvalidated).toBe(true);
  });
});
