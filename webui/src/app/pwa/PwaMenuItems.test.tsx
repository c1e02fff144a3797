import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAKE_LOCK_REFUSED_MESSAGE } from '@/shared/hooks';
import { renderApp, signIn } from '@/test/render';
import { WAKE_LOCK_LABEL } from './PwaMenuItems';

afterEach(() => {
  delete (navigator as { wakeLock?: unknown }).wakeLock;
});

async function openMenu(path: string) {
  const view = renderApp(path);
  await view.user.click(await screen.findByRole('button', { name: 'Open menu' }));
  await screen.findByRole('navigation', { name: 'Main menu' });
  return view;
}

describe('side menu PWA items', () => {
  it('gives signed-in users a wake-lock toggle that keeps the screen on', async () => {
    const sentinel = Object.assign(new EventTarget(), { released: false, release: vi.fn(async () => {}) });
    const request = vi.fn(async () => sentinel);
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    vi.spyOn(console, 'log').mockImplementation(() => {}); // NoSleep.js reports "Wake Lock active."
    signIn();
    const { user } = await openMenu('/user-dashboard');
    const toggle = screen.getByRole('switch', { name: WAKE_LOCK_LABEL });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(sentinel.release).toHaveBeenCalled());
  });

  it('puts the toggle back to off with a short message when the browser refuses the lock', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    // NoSleep.js uses the same API where it exists, so both are refused.
    const request = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    signIn();
    const { user } = await openMenu('/user-dashboard');
    const toggle = screen.getByRole('switch', { name: WAKE_LOCK_LABEL });
    await user.click(toggle);
    expect(await screen.findByText(WAKE_LOCK_REFUSED_MESSAGE)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    consoleError.mockRestore();
  });

  it('shows no wake-lock toggle, Update or Install to a signed-out visitor by default', async () => {
    await openMenu('/home');
    expect(screen.queryByRole('switch', { name: WAKE_LOCK_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it('keeps the menu entries, the log out action and the version label', async () => {
    signIn();
    await openMenu('/user-dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getAllByRole('link')).toHaveLength(10);
    expect(within(nav).getByRole('button', { name: 'log out' })).toBeInTheDocument();
    expect(screen.getByTestId('version-label')).toHaveTextContent('v0.1.0');
    expect(document.querySelector('[style*="--drawer-size"]')?.getAttribute('style')).toContain(
      '--drawer-size: min(80%, 300px)',
    );
  });
});
