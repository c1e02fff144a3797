import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type NoSleepLike,
  useWakeLock,
  WAKE_LOCK_REFUSED_MESSAGE,
  WAKE_LOCK_UNSUPPORTED_MESSAGE,
} from './useWakeLock';

class FakeSentinel extends EventTarget {
  released = false;
  readonly type = 'screen';
  onrelease = null;
  release = vi.fn(async () => {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event('release'));
  });
}

class FakeNoSleep implements NoSleepLike {
  isEnabled = false;
  enable = vi.fn(async () => {
    this.isEnabled = true;
  });
  disable = vi.fn(() => {
    this.isEnabled = false;
  });
}

let sentinels: FakeSentinel[] = [];
let noSleep: FakeNoSleep;
const makeNoSleep = () => Promise.resolve(noSleep);

function installWakeLockApi(request?: () => Promise<FakeSentinel>) {
  const api = {
    request: vi.fn(
      request ??
        (async () => {
          const sentinel = new FakeSentinel();
          sentinels.push(sentinel);
          return sentinel;
        }),
    ),
  };
  Object.defineProperty(navigator, 'wakeLock', { value: api, configurable: true });
  return api;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  sentinels = [];
  noSleep = new FakeNoSleep();
});

afterEach(() => {
  delete (navigator as { wakeLock?: unknown }).wakeLock;
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe('useWakeLock (spec part 1 §4 Wake lock)', () => {
  it('does nothing with the wake lock where the API is unsupported, but still switches no-sleep', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { result } = renderHook(() => useWakeLock({ noSleep: makeNoSleep }));
    expect(result.current.supported).toBe(false);
    act(() => result.current.setEnabled(true));
    expect(result.current.enabled).toBe(true);
    await waitFor(() => expect(noSleep.enable).toHaveBeenCalledTimes(1));
    act(() => result.current.setEnabled(false));
    expect(result.current.enabled).toBe(false);
    expect(noSleep.disable).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('requests a screen wake lock when switched on and releases it when switched off', async () => {
    const api = installWakeLockApi();
    const { result } = renderHook(() => useWakeLock({ noSleep: makeNoSleep }));
    expect(result.current.supported).toBe(true);
    act(() => result.current.toggle());
    await waitFor(() => expect(api.request).toHaveBeenCalledWith('screen'));
    await waitFor(() => expect(noSleep.isEnabled).toBe(true));
    act(() => result.current.toggle());
    expect(result.current.enabled).toBe(false);
    await waitFor(() => expect(sentinels[0]?.release).toHaveBeenCalledTimes(1));
    expect(noSleep.disable).toHaveBeenCalledTimes(1);
    expect(api.request).toHaveBeenCalledTimes(1);
  });

  it('does nothing when a lock is already held', async () => {
    const api = installWakeLockApi();
    const { result } = renderHook(() => useWakeLock({ noSleep: makeNoSleep }));
    act(() => result.current.setEnabled(true));
    await waitFor(() => expect(sentinels).toHaveLength(1));
    act(() => result.current.setEnabled(true));
    setVisibility('visible');
    await act(async () => {});
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(noSleep.enable).toHaveBeenCalledTimes(1);
  });

  it('is released when the page is hidden and requested again when it is visible while on', async () => {
    const api = installWakeLockApi();
    const { result } = renderHook(() => useWakeLock({ noSleep: makeNoSleep }));
    act(() => result.current.setEnabled(true));
    await waitFor(() => expect(sentinels).toHaveLength(1));
    act(() => setVisibility('hidden'));
    await waitFor(() => expect(sentinels[0]?.release).toHaveBeenCalledTimes(1));
    expect(result.current.enabled).toBe(true);
    act(() => setVisibility('visible'));
    await waitFor(() => expect(api.request).toHaveBeenCalledTimes(2));
    // Switched off: hiding and showing the page requests nothing.
    act(() => result.current.setEnabled(false));
    await waitFor(() => expect(sentinels[1]?.release).toHaveBeenCalledTimes(1));
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    await act(async () => {});
    expect(api.request).toHaveBeenCalledTimes(2);
  });

  it('goes back to off with a message when the browser refuses the lock and no-sleep fails too', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    installWakeLockApi(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    noSleep.enable.mockRejectedValueOnce(new Error('play() failed'));
    const { result } = renderHook(() => useWakeLock({ noSleep: makeNoSleep }));
    act(() => result.current.setEnabled(true));
    expect(result.current.enabled).toBe(true);
    await waitFor(() => expect(result.current.enabled).toBe(false));
    expect(result.current.error).toBe(WAKE_LOCK_REFUSED_MESSAGE);
    expect(consoleError).toHaveBeenCalledWith('wake lock request failed', expect.any(DOMException));
    expect(consoleError).toHaveBeenCalledWith('no-sleep enable failed', expect.any(Error));
    // Switching on again clears the message and tries again.
    act(() => result.current.setEnabled(true));
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(noSleep.isEnabled).toBe(true));
    expect(result.current.enabled).toBe(true);
    consoleError.mockRestore();
  });

  it('goes back to off with a message when the API is missing and no-sleep cannot play', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    noSleep.enable.mockRejectedValueOnce(new Error('play() failed'));
    const { result } = renderHook(() => useWakeLock({ noSleep: makeNoSleep }));
    act(() => result.current.setEnabled(true));
    await waitFor(() => expect(result.current.enabled).toBe(false));
    expect(result.current.error).toBe(WAKE_LOCK_UNSUPPORTED_MESSAGE);
    consoleError.mockRestore();
  });

  it('stays on when one of the two mechanisms holds (only the other failure is logged)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    installWakeLockApi(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const { result } = renderHook(() => useWakeLock({ noSleep: makeNoSleep }));
    act(() => result.current.setEnabled(true));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('wake lock request failed', expect.any(DOMException)));
    await waitFor(() => expect(noSleep.isEnabled).toBe(true));
    expect(result.current.enabled).toBe(true);
    expect(result.current.error).toBeNull();
    consoleError.mockRestore();
  });

  it('lets go of the lock when the component unmounts', async () => {
    installWakeLockApi();
    const { result, unmount } = renderHook(() => useWakeLock({ noSleep: makeNoSleep }));
    act(() => result.current.setEnabled(true));
    await waitFor(() => expect(sentinels).toHaveLength(1));
    await waitFor(() => expect(noSleep.isEnabled).toBe(true));
    unmount();
    await waitFor(() => expect(sentinels[0]?.release).toHaveBeenCalledTimes(1));
    expect(noSleep.disable).toHaveBeenCalledTimes(1);
  });
});
