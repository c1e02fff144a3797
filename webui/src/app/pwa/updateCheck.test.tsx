import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetOnline, setOnline } from '@/test/online';
import { renderApp, signIn } from '@/test/render';
import { server } from '@/test/server';
import { registerServiceWorker, resetServiceWorkerState, type RegisterSW } from './serviceWorker';
import {
  applyUpdate,
  checkForUpdate,
  getUpdateState,
  INSTALLED_VERSION_KEY,
  resetUpdateState,
  startUpdateCheck,
  UPDATE_EXTRA_POLLS,
  UPDATE_POLL_INTERVAL_MS,
} from './updateCheck';

const versionUrl = () => new URL('/latest-version.json', window.location.origin).toString();

/** Serves /latest-version.json: `versions[i]` for the i-th call (the last one repeats). Counts calls. */
function serveVersions(...versions: string[]) {
  const seen = { calls: 0 };
  server.use(
    http.get(versionUrl(), () => {
      const version = versions[Math.min(seen.calls, versions.length - 1)];
      seen.calls += 1;
      return HttpResponse.json({ currentVersion: version });
    }),
  );
  return seen;
}

/**
 * Lets real I/O (the mocked fetch) run until `condition` holds, without moving the fake clock
 * (vi.waitFor would advance it). setImmediate is not faked.
 */
async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 5000; // Date is not faked either
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

afterEach(() => {
  vi.useRealTimers();
  resetOnline();
  resetUpdateState();
  resetServiceWorkerState();
});

describe('update check (spec part 1 §4 Update banner)', () => {
  it('polls up to 5 more times at 2 s intervals', () => {
    expect(UPDATE_EXTRA_POLLS).toBe(5);
    expect(UPDATE_POLL_INTERVAL_MS).toBe(2000);
  });

  it('stores the current version as installed when nothing is stored (a fresh install is up to date)', async () => {
    serveVersions('1.4.0');
    expect(await checkForUpdate()).toBe(false);
    expect(window.localStorage.getItem(INSTALLED_VERSION_KEY)).toBe('1.4.0');
    expect(getUpdateState().availableVersion).toBeNull();
  });

  it('finds no update when the installed version is the current one', async () => {
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    serveVersions('1.4.0');
    expect(await checkForUpdate()).toBe(false);
    expect(getUpdateState().availableVersion).toBeNull();
  });

  it('finds an update when the versions differ, without touching the installed version', async () => {
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    serveVersions('1.5.0');
    expect(await checkForUpdate()).toBe(true);
    expect(getUpdateState().availableVersion).toBe('1.5.0');
    expect(window.localStorage.getItem(INSTALLED_VERSION_KEY)).toBe('1.4.0');
  });

  it('after the first check polls at most 5 more times, 2 s apart', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    const seen = serveVersions('1.4.0');
    let checked = 0;
    const stop = startUpdateCheck({ onChecked: (checks) => (checked = checks) });
    await until(() => checked === 1, 'the first check');
    expect(seen.calls).toBe(1);
    for (let poll = 1; poll <= UPDATE_EXTRA_POLLS; poll += 1) {
      await vi.advanceTimersByTimeAsync(UPDATE_POLL_INTERVAL_MS - 1);
      expect(seen.calls).toBe(poll);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => checked === 1 + poll, `poll ${poll}`);
      expect(seen.calls).toBe(1 + poll);
    }
    await vi.advanceTimersByTimeAsync(UPDATE_POLL_INTERVAL_MS * 10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.calls).toBe(1 + UPDATE_EXTRA_POLLS);
    expect(checked).toBe(1 + UPDATE_EXTRA_POLLS);
    stop();
  });

  it('stops polling once an update shows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    const seen = serveVersions('1.4.0', '1.4.0', '1.5.0');
    let checked = 0;
    const stop = startUpdateCheck({ onChecked: (checks) => (checked = checks) });
    await until(() => checked === 1);
    await vi.advanceTimersByTimeAsync(UPDATE_POLL_INTERVAL_MS);
    await until(() => checked === 2);
    await vi.advanceTimersByTimeAsync(UPDATE_POLL_INTERVAL_MS);
    await until(() => checked === 3);
    expect(getUpdateState().availableVersion).toBe('1.5.0');
    await vi.advanceTimersByTimeAsync(UPDATE_POLL_INTERVAL_MS * 10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.calls).toBe(3);
    stop();
  });

  it('keeps polling after a failed check and only logs the failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    let calls = 0;
    server.use(
      http.get(versionUrl(), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ currentVersion: '1.5.0' });
      }),
    );
    let checked = 0;
    const stop = startUpdateCheck({ onChecked: (checks) => (checked = checks) });
    await until(() => checked === 1);
    expect(consoleError).toHaveBeenCalledWith('update check failed', expect.anything());
    await vi.advanceTimersByTimeAsync(UPDATE_POLL_INTERVAL_MS);
    await until(() => checked === 2);
    expect(getUpdateState().availableVersion).toBe('1.5.0');
    stop();
  });

  it('stopping cancels the remaining polls', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    const seen = serveVersions('1.4.0');
    let checked = 0;
    const stop = startUpdateCheck({ onChecked: (checks) => (checked = checks) });
    await until(() => checked === 1);
    stop();
    await vi.advanceTimersByTimeAsync(UPDATE_POLL_INTERVAL_MS * 10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.calls).toBe(1);
  });
});

describe('update check while offline', () => {
  it('does not poll while offline (nothing logged) and resumes when the network is back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    const seen = serveVersions('1.4.0');
    setOnline(false);
    let checked = 0;
    const stop = startUpdateCheck({ onChecked: (checks) => (checked = checks) });
    await vi.advanceTimersByTimeAsync(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.calls).toBe(0);
    expect(checked).toBe(0);
    expect(consoleError).not.toHaveBeenCalled();
    setOnline(true);
    await until(() => checked === 1, 'the check once online');
    expect(seen.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(UPDATE_POLL_INTERVAL_MS);
    await until(() => checked === 2, 'the next poll');
    expect(seen.calls).toBe(2);
    stop();
    consoleError.mockRestore();
  });

  it('going offline between polls pauses them; back online they go on where they were', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    const seen = serveVersions('1.4.0');
    let checked = 0;
    const stop = startUpdateCheck({ onChecked: (checks) => (checked = checks) });
    await until(() => checked === 1);
    setOnline(false);
    await vi.advanceTimersByTimeAsync(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.calls).toBe(1);
    setOnline(true);
    await until(() => checked === 2);
    expect(seen.calls).toBe(2);
    stop();
  });

  it('stopping while offline drops the wait for the network', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    const seen = serveVersions('1.4.0');
    setOnline(false);
    const stop = startUpdateCheck();
    stop();
    setOnline(true);
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(UPDATE_POLL_INTERVAL_MS * 10);
    expect(seen.calls).toBe(0);
  });
});

describe('Update button in the side menu', () => {
  it('is hidden while the installed version is current', async () => {
    signIn();
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    serveVersions('1.4.0');
    await checkForUpdate();
    const { user } = renderApp('/user-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('shows when the versions differ; pressing it stores the version and activates the waiting worker', async () => {
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    serveVersions('1.5.0');
    // A service worker registration whose new version is installed and waiting.
    const updateSW = vi.fn(async (_reload?: boolean) => {});
    const reload = vi.fn();
    const registerSW: RegisterSW = (options) => {
      queueMicrotask(() => options.onNeedRefresh?.());
      return updateSW;
    };
    await registerServiceWorker({ registerSW, reload });
    const { user } = renderApp('/home');
    await act(() => checkForUpdate());
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(updateSW).toHaveBeenCalledWith(true));
    expect(window.localStorage.getItem(INSTALLED_VERSION_KEY)).toBe('1.5.0');
  });

  it('without a waiting service worker Update stores the version and reloads', async () => {
    window.localStorage.setItem(INSTALLED_VERSION_KEY, '1.4.0');
    serveVersions('1.5.0');
    const reload = vi.fn();
    await registerServiceWorker({ registerSW: () => async () => {}, reload });
    await checkForUpdate();
    await applyUpdate();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(INSTALLED_VERSION_KEY)).toBe('1.5.0');
  });
});
