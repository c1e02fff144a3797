import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ExpiryItem } from '@/shared/api';
import { currentPath, renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

function entry(id: number, overrides: Partial<ExpiryItem> = {}): ExpiryItem {
  return {
    id,
    name: `Item ${id}`,
    quantity: 1,
    unit: 'unit',
    expiry_date: '2025-03-09',
    store_id: 1,
    store_name: 'Pantry',
    ...overrides,
  };
}

function serve(expired: ExpiryItem[], expiring: ExpiryItem[]) {
  server.use(
    http.get(apiUrl('/notifications'), () => HttpResponse.json({ data: { expired, expiring } })),
    // The store an entry opens, and the option lists its screen reads.
    http.get('/api/form-options/ingredients', () => HttpResponse.json({ data: [] })),
    http.get('/api/form-options/categories', () => HttpResponse.json({ data: [] })),
    http.get(apiUrl('/stores/:id'), ({ params }) =>
      HttpResponse.json({
        data: {
          id: Number(params.id),
          name: 'Garage freezer',
          description: 'Big',
          kind: 'freezer',
          default: false,
          items: [],
          shared_with: [],
          updated_at: '2025-03-01T12:00:00Z',
          user_id: 1,
          owner_name: 'alice_cook',
          role: 'owner',
          expiring: 0,
          expired: 0,
          in_plan: 0,
          type: 'UserFoodStore',
        },
      }),
    ),
  );
}

describe('/user-notifications', () => {
  it("shows a red group of expired items and an orange group of expiring ones, '{n} Items(s) have Expired' each", async () => {
    signIn();
    serve(
      [entry(1, { name: 'Milk', quantity: 2, unit: 'l' }), entry(2, { name: 'Ham', expiry_date: '2025-03-08' })],
      [entry(3, { name: 'Chicken', store_id: 4, store_name: 'Fridge', expiry_date: '2025-03-11' })],
    );
    renderApp('/user-notifications');
    const expired = await screen.findByRole('region', { name: 'expired' });
    const expiring = screen.getByRole('region', { name: 'expiring' });
    expect(within(expired).getByRole('button', { name: '2 Items(s) have Expired' })).toBeInTheDocument();
    expect(within(expiring).getByRole('button', { name: '1 Items(s) have Expired' })).toBeInTheDocument();
    expect(expired.getAttribute('style')).toContain('--mantine-color-red-6');
    expect(expiring.getAttribute('style')).toContain('--mantine-color-orange-6');
    expect(within(expired).getAllByRole('link').map((link) => link.firstChild?.textContent)).toEqual([
      'Milk has expired',
      'Ham has expired',
    ]);
    expect(within(expired).getAllByRole('link')[0]).toHaveTextContent('2 l · Pantry · 09/03/2025');
    const chicken = within(expiring).getByRole('link', { name: /Chicken is about to expire/ });
    expect(chicken).toHaveAttribute('href', '/user-stores/4');
    expect(chicken).toHaveTextContent('Fridge · 11/03/2025');
  });

  it('collapses and opens each group with its header (keyboard too)', async () => {
    signIn();
    serve([entry(1, { name: 'Milk' })], [entry(3, { name: 'Chicken' })]);
    const { user } = renderApp('/user-notifications');
    const expired = await screen.findByRole('region', { name: 'expired' });
    const header = within(expired).getByRole('button', { name: '1 Items(s) have Expired' });
    expect(header).toHaveAttribute('aria-expanded', 'true');
    await user.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(expired).queryByRole('link', { name: /Milk has expired/ })).not.toBeInTheDocument());
    // The other group stays open.
    expect(screen.getByRole('link', { name: /Chicken is about to expire/ })).toBeInTheDocument();
    header.focus();
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(await within(expired).findByRole('link', { name: /Milk has expired/ })).toBeInTheDocument();
  });

  it('an entry opens its store', async () => {
    signIn();
    serve([], [entry(3, { name: 'Chicken', store_id: 4 })]);
    const { user, router } = renderApp('/user-notifications');
    expect(screen.queryByRole('region', { name: 'expired' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: /Chicken is about to expire/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-stores/4'));
    expect(await screen.findByRole('heading', { name: 'Garage freezer' })).toBeInTheDocument();
  });

  it('says so when nothing expired or is about to', async () => {
    signIn();
    serve([], []);
    renderApp('/user-notifications');
    expect(await screen.findByText('Nothing has expired or is about to.')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

describe('side menu', () => {
  it("shows the number of expired and expiring items on 'notifications'", async () => {
    signIn();
    serve([entry(1), entry(2)], [entry(3)]);
    const { user } = renderApp('/user-notifications');
    await screen.findByRole('region', { name: 'expired' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const link = within(nav).getByRole('link', { name: /notifications/ });
    expect(within(link).getByLabelText('3 expired or expiring items')).toHaveTextContent('3');
    expect(within(nav).getByRole('link', { name: 'pantry manager' })).toBeInTheDocument();
  });

  it('shows no number when nothing expired or is about to', async () => {
    signIn();
    const { user } = renderApp('/user-notifications');
    await screen.findByText('Nothing has expired or is about to.');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'notifications' })).toHaveTextContent(/^notifications$/);
  });
});
