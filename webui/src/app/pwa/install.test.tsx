import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { type BeforeInstallPromptEvent, IOS_INSTALL_TEXT, isIos, listenForInstallPrompt, resetInstallState } from './install';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPADOS_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

function pretendUserAgent(userAgent: string, maxTouchPoints = 0) {
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
  Object.defineProperty(navigator, 'maxTouchPoints', { value: maxTouchPoints, configurable: true });
}

/** A `beforeinstallprompt` event as Chromium fires it. */
function installPromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

async function openMenu() {
  const view = renderApp('/home');
  await view.user.click(await screen.findByRole('button', { name: 'Open menu' }));
  await screen.findByRole('navigation', { name: 'Main menu' });
  return view;
}

let stopListening: () => void = () => {};

beforeEach(() => {
  stopListening = listenForInstallPrompt();
});

afterEach(() => {
  stopListening();
  resetInstallState();
  delete (navigator as { userAgent?: unknown }).userAgent;
  delete (navigator as { maxTouchPoints?: unknown }).maxTouchPoints;
});

describe('iOS detection', () => {
  it.each([
    ['iPhone', IPHONE, 0, true],
    ['iPad (iPadOS desktop user agent with touch)', IPADOS_DESKTOP, 5, true],
    ['a Mac without touch', IPADOS_DESKTOP, 0, false],
    ['Android Chrome', ANDROID, 5, false],
  ])('%s', (_name, userAgent, maxTouchPoints, expected) => {
    expect(isIos({ userAgent, maxTouchPoints })).toBe(expected);
  });
});

describe('Install button in the side menu', () => {
  it('is hidden when the browser offers no install prompt', async () => {
    pretendUserAgent(ANDROID, 5);
    await openMenu();
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it("replays the browser's install prompt and hides once accepted", async () => {
    pretendUserAgent(ANDROID, 5);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { event, prompt } = installPromptEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    const { user } = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument());
  });

  it('hides after the app is installed', async () => {
    pretendUserAgent(ANDROID, 5);
    act(() => {
      window.dispatchEvent(installPromptEvent('dismissed').event);
    });
    await openMenu();
    expect(screen.getByRole('button', { name: 'Install' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it.each([
    ['iPhone', IPHONE, 0],
    ['iPad', IPADOS_DESKTOP, 5],
  ])('on an %s only explains how to install', async (_name, userAgent, touchPoints) => {
    pretendUserAgent(userAgent, touchPoints);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(alert).toHaveBeenCalledWith(IOS_INSTALL_TEXT);
    expect(IOS_INSTALL_TEXT).toContain('Share → Add to Home Screen');
  });
});
