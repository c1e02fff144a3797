import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/lib/storageKeys';
import { SEND_TO_PLAN_TEXTS } from '@/shared/ui/send-to-plan';
import { currentPath, renderApp, signIn } from '@/test/render';
import { makeSendPlan, serveSendTargets } from '@/test/sendTargets';
import { apiUrl, server, testUser } from '@/test/server';
import { makeSuggestion, serveSuggestions } from '@/test/suggestions';
import { UPCOMING_TEXTS } from '../components/UpcomingMeals';
import { USE_IT_UP_TEXTS } from '../components/UseItUpCard';
import { makeDashboardList, makeStoreCard, makeUpcomingMeal, serveDashboard } from '../testData';
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

  it("says so when there are no lists and no store, and offers 'create a meal plan' when no meal is near", async () => {
    signIn();
    window.localStorage.setItem(STORAGE_KEYS.tutorialEnabled, 'false'); // no tutorial prompt either
    serveDashboard();
    renderApp('/user-dashboard');
    expect(await screen.findByText(DASHBOARD_TEXTS.noLists)).toBeInTheDocument();
    expect(screen.getByText(DASHBOARD_TEXTS.noStore)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'my lists' })).not.toBeInTheDocument();
    const meals = screen.getByRole('region', { name: UPCOMING_TEXTS.title });
    expect(within(meals).getByRole('link', { name: UPCOMING_TEXTS.create })).toHaveAttribute('href', '/user-meal-plans');
    expect(within(meals).queryByRole('heading', { name: UPCOMING_TEXTS.today })).not.toBeInTheDocument();
    expect(within(meals).queryByRole('heading', { name: UPCOMING_TEXTS.tomorrow })).not.toBeInTheDocument();
  });

  it("orders the sections 'upcoming meals', 'my lists', 'default store'", async () => {
    signIn();
    window.localStorage.setItem(STORAGE_KEYS.tutorialEnabled, 'false');
    serveDashboard({ today: [makeUpcomingMeal()], lists: [makeDashboardList(1)], default_store: makeStoreCard(3) });
    renderApp('/user-dashboard');
    await screen.findByRole('region', { name: 'my lists' });
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'upcoming meals',
      'my lists',
      'default store',
    ]);
  });

  it("has a 'manage' link to the meal plans on the meals section", async () => {
    signIn();
    serveDashboard({ today: [makeUpcomingMeal()] });
    renderApp('/user-dashboard');
    const meals = await screen.findByRole('region', { name: UPCOMING_TEXTS.title });
    const manage = within(meals).getByRole('link', { name: 'manage upcoming meals' });
    expect(manage).toHaveAttribute('href', '/user-meal-plans');
    expect(manage).toHaveTextContent(/^manage$/);
  });

  it("shows today's and tomorrow's meals under their headings, each with its plan, linking by type", async () => {
    signIn();
    const calls = serveDashboard({
      today: [
        makeUpcomingMeal({ name: 'Lentil soup', plan_name: 'Week one', type: '4', value: 10 }),
        makeUpcomingMeal({ name: 'Plain pasta', plan_name: 'Week one', type: 'A9', value: 11 }),
        makeUpcomingMeal({ name: 'Gran’s stew', plan_name: 'Family', type: 'USER', value: 3, user_mealplan_id: 2 }),
      ],
      tomorrow: [
        makeUpcomingMeal({ name: 'Blog curry', type: 'IMPORTED', value: 8 }),
        makeUpcomingMeal({ name: 'Pie site', type: 'EXTERNAL_LINK', value: 'https://pies.example/apple' }),
        makeUpcomingMeal({ name: 'Leftovers', type: 'CUSTOM', value: null }),
      ],
    });
    renderApp('/user-dashboard');
    const meals = await screen.findByRole('region', { name: UPCOMING_TEXTS.title });
    expect(within(meals).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Today', 'Tomorrow']);
    expect(within(meals).queryByRole('link', { name: UPCOMING_TEXTS.create })).not.toBeInTheDocument();

    const today = within(within(meals).getByRole('list', { name: 'Today' })).getAllByRole('listitem');
    expect(today.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/recipes/10',
      '/recipes/11',
      '/user-recipes/3',
    ]);
    expect(today[0]).toHaveTextContent('Lentil soup');
    expect(today[0]).toHaveTextContent('Week one');
    expect(today[2]).toHaveTextContent('Family');

    const [imported, external, custom] = within(within(meals).getByRole('list', { name: 'Tomorrow' })).getAllByRole(
      'listitem',
    );
    expect(within(imported!).getByRole('link')).toHaveAttribute('href', '/imported-recipes/8');
    const link = within(external!).getByRole('link', { name: /Pie site/ });
    expect(link).toHaveAttribute('href', 'https://pies.example/apple');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(custom).toHaveTextContent('Leftovers');
    expect(within(custom!).queryByRole('link')).not.toBeInTheDocument();
    expect(calls.count).toBe(1);
  });

  it('shows only the day that has meals', async () => {
    signIn();
    serveDashboard({ tomorrow: [makeUpcomingMeal({ name: 'Lentil soup' })] });
    renderApp('/user-dashboard');
    const meals = await screen.findByRole('region', { name: UPCOMING_TEXTS.title });
    expect(within(meals).getByRole('heading', { name: UPCOMING_TEXTS.tomorrow })).toBeInTheDocument();
    expect(within(meals).queryByRole('heading', { name: UPCOMING_TEXTS.today })).not.toBeInTheDocument();
    expect(within(meals).queryByRole('link', { name: UPCOMING_TEXTS.create })).not.toBeInTheDocument();
  });

  it('opens a planned catalogue recipe from the dashboard', async () => {
    signIn();
    serveDashboard({ today: [makeUpcomingMeal({ name: 'Lentil soup', value: 10 })] });
    server.use(http.get(apiUrl('/recipes/10'), () => HttpResponse.json({ message: 'Recipe not found.' }, { status: 404 })));
    const { user, router } = renderApp('/user-dashboard');
    await user.click(await screen.findByRole('link', { name: /Lentil soup/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/recipes/10'));
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

describe("/user-dashboard 'Use it up'", () => {
  const expiring = [
    makeSuggestion(1, 'Spinach pie', { summary: '8 of 10 ingredients at home · uses spinach (expires tomorrow)' }),
    makeSuggestion(7, 'Gran’s stew', {
      kind: 'user',
      summary: '5 of 5 ingredients at home · uses cream (2 days)',
      missing: [],
      entry: { name: 'Gran’s stew', value: 7, image: null, type: 'USER' },
    }),
    makeSuggestion(3, 'Blog curry', { kind: 'imported', summary: '3 of 4 ingredients at home · uses milk (expires today)' }),
  ];

  it('shows the top three recipes using what expires soon, asked with use_up and a limit of 3, and a see-all link', async () => {
    signIn();
    serveDashboard({ lists: [makeDashboardList(1)] });
    const bodies = serveSuggestions(expiring);
    renderApp('/user-dashboard');
    const card = await screen.findByRole('region', { name: USE_IT_UP_TEXTS.title });
    expect(card).toHaveAttribute('data-testid', 'use-it-up-card');
    const items = within(within(card).getByRole('list', { name: USE_IT_UP_TEXTS.title })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('link')[0]?.getAttribute('href'))).toEqual([
      '/recipes/1',
      '/user-recipes/7',
      '/imported-recipes/3',
    ]);
    expect(items[0]).toHaveTextContent('Spinach pie');
    expect(items[0]).toHaveTextContent('8 of 10 ingredients at home · uses spinach (expires tomorrow)');
    expect(items[2]).toHaveTextContent('3 of 4 ingredients at home · uses milk (expires today)');
    expect(items.every((item) => within(item).queryByRole('button', { name: USE_IT_UP_TEXTS.addToPlan }))).toBe(true);
    expect(within(card).getByRole('link', { name: USE_IT_UP_TEXTS.seeAll })).toHaveAttribute('href', '/cook');
    expect(bodies).toEqual([{ use_up: true, limit: 3 }]);
    // The rest of the dashboard is there too.
    expect(screen.getByRole('region', { name: 'my lists' })).toBeInTheDocument();
  });

  it("'add to plan' appends the recipe to the chosen day of a plan", async () => {
    signIn();
    serveDashboard();
    serveSuggestions(expiring);
    const sent = serveSendTargets({ plans: [makeSendPlan(2, { name: 'Week one' })] });
    const { user } = renderApp('/user-dashboard');
    const item = await screen.findByRole('listitem', { name: 'Gran’s stew' });
    await user.click(within(item).getByRole('button', { name: USE_IT_UP_TEXTS.addToPlan }));
    const dialog = await screen.findByRole('dialog', { name: SEND_TO_PLAN_TEXTS.title });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: SEND_TO_PLAN_TEXTS.plan }), 'Week one');
    await user.click(within(dialog).getByRole('radio', { name: 'DAY: 1' }));
    await user.click(within(dialog).getByRole('button', { name: SEND_TO_PLAN_TEXTS.add }));
    await waitFor(() => expect(sent.planWrites).toHaveLength(1));
    expect(sent.planWrites[0]?.body.recipes?.[0]?.recipes).toEqual([
      { name: 'Gran’s stew', value: 7, image: null, type: 'USER', checked: false },
    ]);
  });

  it("'see all' opens /cook with 'Use it up first' on", async () => {
    signIn();
    serveDashboard();
    const bodies = serveSuggestions(expiring);
    const { user, router } = renderApp('/user-dashboard');
    const card = await screen.findByRole('region', { name: USE_IT_UP_TEXTS.title });
    await user.click(within(card).getByRole('link', { name: USE_IT_UP_TEXTS.seeAll }));
    await waitFor(() => expect(currentPath(router)).toBe('/cook'));
    expect(await screen.findByRole('switch', { name: 'Use it up first' })).toBeChecked();
    await waitFor(() => expect(bodies.at(-1)).toEqual({ searchString: '', filters: [], limit: 20, use_up: true }));
  });

  it('shows no card when nothing expires soon', async () => {
    signIn();
    serveDashboard({ lists: [makeDashboardList(1)] });
    const bodies = serveSuggestions([]);
    renderApp('/user-dashboard');
    await screen.findByRole('region', { name: 'my lists' });
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(screen.queryByRole('region', { name: USE_IT_UP_TEXTS.title })).not.toBeInTheDocument();
    expect(screen.queryByTestId('use-it-up-card')).not.toBeInTheDocument();
  });

  it('a failing ask leaves the dashboard as it is, without the card or an error', async () => {
    signIn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveDashboard({ lists: [makeDashboardList(1, { name: 'Weekly shop' })] });
    serveSuggestions(() => HttpResponse.json({ message: 'Server Error' }, { status: 500 }));
    renderApp('/user-dashboard');
    expect(await screen.findByRole('link', { name: /Weekly shop/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Loading the use-it-up suggestions failed', expect.anything()),
    );
    expect(screen.queryByRole('region', { name: USE_IT_UP_TEXTS.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('the dashboard does not wait for the suggestions', async () => {
    signIn();
    serveDashboard({ lists: [makeDashboardList(1, { name: 'Weekly shop' })] });
    let answer: (value: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    serveSuggestions(() => pending);
    renderApp('/user-dashboard');
    expect(await screen.findByRole('link', { name: /Weekly shop/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: USE_IT_UP_TEXTS.title })).not.toBeInTheDocument();
    answer(HttpResponse.json({ data: expiring }));
    expect(await screen.findByRole('region', { name: USE_IT_UP_TEXTS.title })).toBeInTheDocument();
  });
});
