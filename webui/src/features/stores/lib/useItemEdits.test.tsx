import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, type Store, type StoreUpdatePayload } from '@/shared/api';
import { makeItem, makeStore } from '../testData';
import { ITEM_SAVE_DELAY_MS, useItemEdits } from './useItemEdits';

const sent: StoreUpdatePayload[] = [];

/** True for the client's PUT of store 3 (its path template and the id filled in). */
const isStore3 = (path: string, options?: object) =>
  path === '/stores/{store_id}' && (options as { params?: { store_id?: number } } | undefined)?.params?.store_id === 3;

function setup(store: Store) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useItemEdits(store), { wrapper });
}

beforeEach(() => {
  sent.length = 0;
  // The PUT as the client sends it (`api` is one shared object: its method is replaced for the test).
  vi.spyOn(api, 'put').mockImplementation((path: string, body?: unknown, options?: object) => {
    if (isStore3(path, options)) sent.push(body as StoreUpdatePayload);
    return Promise.resolve({ data: makeStore(3) } as never);
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

describe('useItemEdits', () => {
  const store = makeStore(3, { items: [makeItem(1), makeItem(2)] });

  it('saves 500 ms after the last change, every change restarting the wait, changed items only', () => {
    const { result } = setup(store);
    act(() => result.current.change(1, { quantity: 2 }, { quantity: 2 }, 'quantity'));
    act(() => vi.advanceTimersByTime(ITEM_SAVE_DELAY_MS - 1));
    expect(sent).toEqual([]);
    act(() => result.current.change(2, { estimated_expiry_days: 3 }, { estimated_expiry_days: 3 }, 'estimated_expiry_days'));
    act(() => result.current.change(1, { quantity: 4 }, { quantity: 4 }, 'quantity'));
    act(() => vi.advanceTimersByTime(ITEM_SAVE_DELAY_MS - 1));
    expect(sent).toEqual([]);
    expect(result.current.drafts).toEqual({ 1: { quantity: 4 }, 2: { estimated_expiry_days: 3 } });
    act(() => vi.advanceTimersByTime(1));
    expect(sent).toEqual([
      {
        items: [
          { id: 1, quantity: 4 },
          { id: 2, estimated_expiry_days: 3 },
        ],
        updated_at: store.updated_at,
      },
    ]);
  });

  it('sends nothing of a field typed invalid, and nothing at all when that was the only change', () => {
    const { result } = setup(store);
    act(() => result.current.change(1, { quantity: 5 }, { quantity: 5 }, 'quantity'));
    act(() => result.current.change(1, { quantity: '' }, null, 'quantity'));
    act(() => vi.advanceTimersByTime(ITEM_SAVE_DELAY_MS));
    expect(sent).toEqual([]);
    expect(result.current.drafts).toEqual({ 1: { quantity: '' } });
  });

  it('saves what is still waiting when the screen closes', () => {
    const { result, unmount } = setup(store);
    act(() => result.current.change(2, { unit: 'kg' }, { unit: 'kg' }, 'unit'));
    unmount();
    expect(sent).toEqual([{ items: [{ id: 2, unit: 'kg' }], updated_at: store.updated_at }]);
  });

  it('sends the version of the store the edits were made on, even when a newer one arrived meanwhile', async () => {
    let shown = store;
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(() => useItemEdits(shown), { wrapper });
    act(() => result.current.change(1, { quantity: 2 }, { quantity: 2 }, 'quantity'));
    // A household member's change reaches the screen before the save: the edit was not made on it.
    shown = { ...store, updated_at: '2025-03-01T12:05:00Z' };
    rerender();
    act(() => vi.advanceTimersByTime(ITEM_SAVE_DELAY_MS));
    expect(sent).toEqual([{ items: [{ id: 1, quantity: 2 }], updated_at: store.updated_at }]);
    await act(async () => {}); // the save answers
    // The next edit is made on the version now shown.
    act(() => result.current.change(2, { quantity: 3 }, { quantity: 3 }, 'quantity'));
    act(() => vi.advanceTimersByTime(ITEM_SAVE_DELAY_MS));
    expect(sent[1]).toEqual({ items: [{ id: 2, quantity: 3 }], updated_at: '2025-03-01T12:05:00Z' });
  });
});

describe('useItemEdits, one save at a time', () => {
  const store = makeStore(3, { items: [makeItem(1), makeItem(2)] });
  const answers: ((store: Store) => void)[] = [];

  beforeEach(() => {
    answers.length = 0;
    vi.spyOn(api, 'put').mockImplementation((path: string, body?: unknown, options?: object) => {
      if (isStore3(path, options)) sent.push(body as StoreUpdatePayload);
      return new Promise((resolve) => answers.push((saved) => resolve({ data: saved } as never)));
    });
  });

  it('sends an edit made while a save is on its way when that save answers, on the version it answered', async () => {
    const { result } = setup(store);
    act(() => result.current.change(1, { quantity: 2 }, { quantity: 2 }, 'quantity'));
    act(() => vi.advanceTimersByTime(ITEM_SAVE_DELAY_MS));
    expect(sent).toHaveLength(1);
    act(() => result.current.change(1, { quantity: 5 }, { quantity: 5 }, 'quantity'));
    act(() => vi.advanceTimersByTime(ITEM_SAVE_DELAY_MS));
    // Its wait ran out, but the first save has not answered: nothing more is sent yet.
    expect(sent).toHaveLength(1);
    await act(async () => answers[0]!(makeStore(3, { updated_at: '2025-03-01T12:00:07Z' })));
    expect(sent).toEqual([
      { items: [{ id: 1, quantity: 2 }], updated_at: store.updated_at },
      { items: [{ id: 1, quantity: 5 }], updated_at: '2025-03-01T12:00:07Z' },
    ]);
    expect(result.current.drafts).toEqual({ 1: { quantity: 5 } });
    await act(async () => answers[1]!(makeStore(3, { updated_at: '2025-03-01T12:00:08Z' })));
    expect(result.current.drafts).toEqual({});
  });
});
