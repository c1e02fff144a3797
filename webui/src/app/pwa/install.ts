import { useSyncExternalStore } from 'react';

/**
 * The Install button: Chromium-based browsers offer the install prompt through
 * `beforeinstallprompt`, which the app keeps and replays when the button is pressed. iOS has no
 * such prompt: the button only explains how to add the app to the home screen. The button is
 * hidden when the app runs installed (standalone) or the browser offers no way to install.
 */
export const IOS_INSTALL_TEXT =
  'To install Larder on your iPhone or iPad, open it in Safari and tap Share → Add to Home Screen.';

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

interface InstallState {
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

let state: InstallState = { prompt: null, installed: false };
const listeners = new Set<() => void>();

function setState(next: InstallState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): InstallState {
  return state;
}

/** Forgets a kept prompt (tests). */
export function resetInstallState(): void {
  setState({ prompt: null, installed: false });
}

/**
 * Keeps the browser's install prompt for the Install button. Call once, early (main.tsx): the
 * event can fire before the first render. Returns the function that stops listening.
 */
export function listenForInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    setState({ prompt: event as BeforeInstallPromptEvent, installed: false });
  };
  const onInstalled = () => setState({ prompt: null, installed: true });
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** iPhone, iPad, iPod — including iPadOS, whose Safari reports a desktop Mac with a touch screen. */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  if (/iPhone|iPad|iPod/i.test(nav.userAgent)) return true;
  return /Macintosh/i.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1;
}

/** True when the app runs as an installed app (its own window, not a browser tab). */
export function isStandalone(): boolean {
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  try {
    return window.matchMedia('(display-mode: standalone)').matches;
  } catch {
    return false;
  }
}

export interface InstallControl {
  /** Whether to show the Install button. */
  available: boolean;
  /** iOS: the explanation alert; elsewhere: the browser's install prompt. */
  install: () => Promise<void>;
}

export function useInstallPrompt(): InstallControl {
  const { prompt, installed } = useSyncExternalStore(subscribe, getState, getState);
  const ios = isIos();
  const available = !installed && !isStandalone() && (ios || prompt !== null);
  const install = async () => {
    if (ios) {
      window.alert(IOS_INSTALL_TEXT);
      return;
    }
    if (!prompt) return;
    try {
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      // A prompt can be shown only once; after an accept the browser also fires appinstalled.
      setState({ prompt: null, installed: outcome === 'accepted' });
    } catch (error) {
      console.error('install prompt failed', error);
      setState({ prompt: null, installed: state.installed });
    }
  };
  return { available, install };
}
