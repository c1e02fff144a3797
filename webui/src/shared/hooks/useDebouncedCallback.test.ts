import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedCallback } from './useDebouncedCallback';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

describe('useDebouncedCallback', () => {
  it('runs once, with the last arguments, when the calls stopped for the delay', () => {
    const calls: number[] = [];
    const { result } = renderHook(() => useDebouncedCallback((n: number) => calls.push(n), 500));
    act(() => result.current.schedule(1));
    act(() => vi.advanceTimersByTime(499));
    act(() => result.current.schedule(2));
    act(() => vi.advanceTimersByTime(499));
    expect(calls).toEqual([]);
    expect(result.current.pending()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(calls).toEqual([2]);
    expect(result.current.pending()).toBe(false);
  });

  it('flush runs a waiting call now, cancel drops it, and unmounting runs what still waits', () => {
    const calls: string[] = [];
    const { result, unmount } = renderHook(() => useDebouncedCallback((text: string) => calls.push(text), 500));
    act(() => result.current.schedule('a'));
    act(() => result.current.flush());
    expect(calls).toEqual(['a']);
    act(() => result.current.flush());
    expect(calls).toEqual(['a']);
    act(() => result.current.schedule('b'));
    act(() => result.current.cancel());
    act(() => vi.advanceTimersByTime(1000));
    expect(calls).toEqual(['a']);
    act(() => result.current.schedule('c'));
    unmount();
    expect(calls).toEqual(['a', 'c']);
  });

  it('calls the callback of the latest render', () => {
    const calls: string[] = [];
    const { result, rerender } = renderHook(({ tag }) => useDebouncedCallback(() => calls.push(tag), 100), {
      initialProps: { tag: 'first' },
    });
    act(() => result.current.schedule());
    rerender({ tag: 'second' });
    act(() => vi.advanceTimersByTime(100));
    expect(calls).toEqual(['second']);
  });
});
