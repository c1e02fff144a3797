import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';

describe('/legal', () => {
  it("has the tabs Terms, Privacy and Allergens; Terms are 'last updated 7 April 2024' with a minimum age of 13", async () => {
    const { user, router } = renderApp('/legal');
    expect(await screen.findByText('last updated 7 April 2024')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Terms', 'Privacy', 'Allergens']);
    expect(screen.getByText(/at least 13 years old/)).toBeInTheDocument();
    // Backups: only what is true today (there is no `larder backup` command).
    const warranty = screen.getByText(/The operator should keep backups/);
    expect(warranty).toHaveTextContent(
      'unless configured otherwise, all of this instance\'s data lives in its data directory (LARDER_DATA_DIR, by default ./larder-data), ' +
        'which can be copied while the server is stopped.',
    );
    expect(screen.queryByText(/larder backup/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Privacy' }));
    expect(await screen.findByText(/SQLite database file/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No tracking' })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#privacy');

    await user.click(screen.getByRole('tab', { name: 'Allergens' }));
    expect(await screen.findByText('Guidance only')).toBeInTheDocument();
    expect(screen.getByText(/Always check the labels/)).toBeInTheDocument();
  });

  it('opens the tab named by the hash', async () => {
    renderApp('/legal#allergens');
    expect(await screen.findByRole('tab', { name: 'Allergens' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('/about', () => {
  it('is a public placeholder with just a title', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
  });
});
