import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/lib/storageKeys';
import { currentPath, renderApp, signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';
import { makeDashboardList, makeStoreCard, serveDashboard } from '../testData';
import { DASHBOARD_TEXTS } from './DashboardRoute';

describe('/user-dashboard', () => {
  it("lists own and shared lists in the server's order, each opening read-only with its item count", async () => {
    signIn();
    serveDashboard({
      lists: [
        makeDashboardList(7, { name: 'Party', item_count: 3, shared: true, owner_name: 'bob_cook' }),
        makeDashboardList(2, { name: 'Weekly shop', item_count: 1 }),
        makeDashboardList(5, { name: 'Empty one', item_count: 0 }),
      ],
    });
    renderApp('/user-dashboard');
    const lists = await screen.findByRole('list', { name: 'my lists' });
    const rows = within(lists).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/user-shopping-lists/7?view=readonly',
      '/user-shopping-lists/2?view=readonly',
      '/user-shopping-lists/5?view=readonly',
    ]);
    expect(rows[0]).toHaveTextContent('Party');
    expect(rows[0]).toHaveTextContent('author: bob_cook');
    expect(rows[0]).toHaveTextContent('3 items');
    expect(rows[1]).toHaveTextContent('1 item');
    expect(rows[1]).not.toHaveTextContent('author');
    expect(rows[2]).toHaveTextContent('0 items');
  });

  it('marks only the lists owned by someone else with the shared icon', async () => {
    signIn();
    serveDashboard({
      lists: [
        makeDashboardList(7, { name: 'Party', shared: true, owner_name: 'bob_cook' }),
        makeDashboardList(2, { name: 'Weekly shop' }),
      ],
    });
    renderApp('/user-dashboard');
    const [theirs, mine] = within(await screen.findByRole('list', { name: 'my lists' })).getAllByRole('listitem');
    expect(within(theirs!).getByRole('img', { name: DASHBOARD_TEXTS.shared })).toBeInTheDocument();
    expect(within(mine!).queryByRole('img', { name: DASHBOARD_TEXTS.shared })).not.toBeInTheDocument();
  });

  it("each section has a 'manage' link to its page", async () => {
    signIn();
    serveDashboard({ lists: [makeDashboardList(1)], default_store: makeStoreCard(3) });
    renderApp('/user-dashboard');
    const lists = await screen.findByRole('region', { name: 'my lists' });
    expect(within(lists).getByRole('link', { name: 'manage my lists' })).toHaveAttribute(
      'href',
      '/user-shopping-lists',
    );
    expect(within(lists).getByRole('link', { name: 'manage my lists' })).toHaveTextContent(/^manage$/);
    const store = screen.getByRole('region', { name: 'default store' });
    expect(within(store).getByRole('link', { name: 'manage default store' })).toHaveAttribute('href', '/user-stores');
  });

  it('shows the default store card with its kind, item count and badges, opening the store', async () => {
    signIn();
    serveDashboard({
      default_store: makeStoreCard(4, { name: 'Garage freezer', kind: 'freezer', item_count: 12, expiring: 2, expired: 3 }),
    });
    const { user, router } = renderApp('/user-dashboard');
    const section = await screen.findByRole('region', { name: 'default store' });
    const card = within(section).getByRole('link', { name: /Garage freezer/ });
    expect(card).toHaveAttribute('href', '/user-stores/4');
    expect(card).toHaveTextContent('freezer · 12 items');
    const badges = within(card).getByLabelText('store badges');
    expect([...badges.children].map((badge) => badge.textContent)).toEqual([
      'In plan (0)',
      'Expiring (2)',
      'Expired (3)',
    ]);
    // The store page's own calls, so the tap can land there.
    server.use(
      http.get(apiUrl('/stores/4'), () => HttpResponse.json({ message: 'Store not found.' }, { status: 404 })),
      http.get('/api/form-options/categories', () => HttpResponse.json({ data: [] })),
    );
    await user.click(card);
    await waitFor(() => expect(currentPath(router)).toBe('/user-stores/4'));
  });

  it('says so when there are no lists and no store, and shows no meals section', async () => {
    signIn();
    window.localStorage.setItem(STORAGE_KEYS.tutorialEnabled, 'false'); // no tutorial prompt either
    serveDashboard();
    renderApp('/user-dashboard');
    expect(await screen.findByText(DASHBOARD_TEXTS.noLists)).toBeInTheDocument();
    expect(screen.getByText(DASHBOARD_TEXTS.noStore)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'my lists' })).not.toBeInTheDocument();
    expect(screen.queryByText(/meal/i)).not.toBeInTheDocument();
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'my lists',
      'default store',
    ]);
  });

  it('shows a loader until the dashboard arrives, in one request', async () => {
    signIn();
    let answer: (value: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    let calls = 0;
    server.use(
      http.get(apiUrl('/dashboard'), () => {
        calls += 1;
        return pending;
      }),
    );
    renderApp('/user-dashboard');
    expect(await screen.findByLabelText('Loading the dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'my lists' })).not.toBeInTheDocument();
    answer(
      HttpResponse.json({
        data: { today: [], tomorrow: [], lists: [makeDashboardList(1, { name: 'Weekly shop' })], default_store: null },
      }),
    );
    expect(await screen.findByRole('link', { name: /Weekly shop/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the dashboard')).not.toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('shows an error when the dashboard cannot be loaded', async () => {
    signIn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(apiUrl('/dashboard'), () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    renderApp('/user-dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(DASHBOARD_TEXTS.failed);
    expect(screen.getByRole('heading', { name: `Hello, ${testUser.name}` })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('keeps the tutorial prompt above the content', async () => {
    signIn();
    serveDashboard({ lists: [makeDashboardList(1, { name: 'Weekly shop' })] });
    renderApp('/user-dashboard?first_login=true');
    const tour = await screen.findByRole('button', { name: 'Take the tour' });
    const lists = await screen.findByRole('region', { name: 'my lists' });
    expect(tour.compareDocumentPosition(lists) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
