import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const NEWS = [
  {
    id: 2,
    title: 'Pantry manager is live',
    HtmlContent: '<p>Track <strong>expiry dates</strong> of what you keep.</p>',
    created_at: '2025-03-04T10:30:00Z',
  },
  { id: 1, title: 'Welcome to the beta', HtmlContent: '<p>Hello cooks.</p>', created_at: '2025-03-01T08:00:00Z' },
];

function homeBeta(answer: { news?: unknown[]; recipes?: unknown[] } = {}) {
  server.use(
    http.get(apiUrl('/home-beta'), () =>
      HttpResponse.json({ news: answer.news ?? [], categories: [], recipes: answer.recipes ?? [], featured: [] }),
    ),
  );
}

function openHomeBeta(path = '/home-beta') {
  signIn();
  return renderApp(path);
}

describe('/home-beta', () => {
  it('shows the News tab by default with title, HTML content and date of each item', async () => {
    homeBeta({ news: NEWS });
    openHomeBeta();
    expect(await screen.findByRole('heading', { name: 'Pantry manager is live' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['News', 'Latest Recipes', 'Featured']);
    expect(screen.getByRole('tab', { name: 'News' })).toHaveAttribute('aria-selected', 'true');
    const item = screen.getByRole('article', { name: 'Pantry manager is live' });
    expect(within(item).getByText('expiry dates').tagName).toBe('STRONG');
    expect(item.querySelector('time')).toHaveAttribute('datetime', '2025-03-04T10:30:00Z');
    expect(item.querySelector('time')?.textContent).toMatch(/2025/);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['news-2', 'news-1']);
  });

  it("says 'Slow news day' when there is no news", async () => {
    homeBeta();
    openHomeBeta('/home-beta#news');
    expect(await screen.findByText('Slow news day')).toBeInTheDocument();
  });

  it('opens the tab named by the hash and lists the latest recipes with links', async () => {
    homeBeta({ recipes: [{ recipe_id: 7, name: 'Lentil soup', description: 'Warming.' }] });
    openHomeBeta('/home-beta#latestRecipes');
    expect(await screen.findByRole('link', { name: 'Lentil soup' })).toHaveAttribute('href', '/recipes/7');
    expect(screen.getByRole('tab', { name: 'Latest Recipes' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows 'Coming Soon.' under #featuredContent and a gentle text without recipes", async () => {
    homeBeta();
    const { user, router } = openHomeBeta('/home-beta#featuredContent');
    expect(await screen.findByText('Coming Soon.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Latest Recipes' }));
    expect(await screen.findByText('No new recipes just yet. Check back soon!')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#latestRecipes');
  });

  it('switching tabs updates the hash', async () => {
    homeBeta();
    const { user, router } = openHomeBeta();
    await screen.findByText('Slow news day');
    await user.click(screen.getByRole('tab', { name: 'Featured' }));
    await waitFor(() => expect(router.state.location.hash).toBe('#featuredContent'));
    expect(screen.getByText('Coming Soon.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'News' }));
    await waitFor(() => expect(router.state.location.hash).toBe('#news'));
    expect(router.state.location.pathname).toBe('/home-beta');
  });
});
