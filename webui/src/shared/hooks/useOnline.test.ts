import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetOnline, setOnline } from '@/test/online';
import { isOnline, useOnline, whenOnline } from './useOnline';

afterEach(resetOnline);

describe('useOnline', () => {
  it('follows navigator.onLine and the online/offline events', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    act(() => setOnline(false));
    expect(result.current).toBe(false);
    expect(isOnline()).toBe(false);
    act(() => setOnline(true));
    expect(result.current).toBe(true);
  });

  it('whenOnline calls back once on the next online event and can be cancelled', () => {
    const first = vi.fn();
    const cancelled = vi.fn();
    whenOnline(first);
    const cancel = whenOnline(cancelled);
    cancel();
    setOnline(false);
    setOnline(true);
    setOnline(true);
    expect(first).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
