import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetOnline, setOnline } from '@/test/online';
import { renderApp } from '@/test/render';
import { OFFLINE_MESSAGE } from './OfflineBanner';

afterEach(resetOnline);

describe('offline banner', () => {
  it('shows a status message while offline and goes away when the network is back', async () => {
    renderApp('/home');
    await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
    act(() => setOnline(false));
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(OFFLINE_MESSAGE);
    act(() => setOnline(true));
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows at once when the app starts offline', async () => {
    setOnline(false);
    renderApp('/home');
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeInTheDocument();
  });
});
