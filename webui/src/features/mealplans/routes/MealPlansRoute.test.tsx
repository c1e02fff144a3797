import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { PLAN_TEXTS } from '../lib/texts';
import { fakePlansServer, makePlan } from '../testData';

type User = ReturnType<typeof renderApp>['user'];

async function openCreate(user: User) {
  await user.click(await screen.findByRole('button', { name: 'create' }));
  return screen.findByRole('dialog', { name: PLAN_TEXTS.createTitle });
}

const date = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

describe('/user-meal-plans', () => {
  it("lists own plans by start date with their date range or number of days; 'Ziltch.' and 'No Mealplans Found' when empty", async () => {
    signIn();
    fakePlansServer([
      makePlan(1, { name: 'Undated week', days: 7 }),
      makePlan(2, { name: 'April', start_date: '2025-04-01', days: 2 }),
      makePlan(3, { name: 'March', start_date: '2025-03-30', days: 3 }),
    ]);
    const { user, router } = renderApp('/user-meal-plans');
    const own = await screen.findByRole('list', { name: 'My Mealplans' });
    const rows = within(own).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['March', 'April', 'Undated week']);
    expect(rows[0]).toHaveTextContent('30/03/2025 - 01/04/2025');
    expect(rows[1]).toHaveTextContent('01/04/2025 - 02/04/2025');
    expect(rows[2]).toHaveTextContent('7 days');
    expect(rows[0]).not.toHaveTextContent('author:');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/user-meal-plans/3?view=readonly');
    expect(within(rows[0]!).getByRole('button', { name: 'actions for March' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Mealplans' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Shared with me' }));
    expect(await screen.findByText('No Mealplans Found')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#shared');
  });

  it("shows 'Ziltch.' on an empty own tab and shared plans with 'author: {owner name}' on #shared", async () => {
    signIn();
    fakePlansServer([makePlan(8, { name: 'Family week', role: 'editor', user_id: 9, owner_name: 'mum' })]);
    const first = renderApp('/user-meal-plans');
    expect(await screen.findByText('Ziltch.')).toBeInTheDocument();
    first.unmount();
    renderApp('/user-meal-plans#shared');
    const row = await screen.findByRole('listitem', { name: 'Family week' });
    expect(row).toHaveTextContent('author: mum');
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/user-meal-plans/8');
  });

  it("hides 'create' while a dialog is open", async () => {
    signIn();
    fakePlansServer([makePlan(1, { name: 'Week' })]);
    const { user } = renderApp('/user-meal-plans');
    const dialog = await openCreate(user);
    // The only 'create' left is the dialog's own.
    expect(screen.getAllByRole('button', { name: 'create' })).toEqual([within(dialog).getByRole('button', { name: 'create' })]);
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'create' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'actions for Week' }));
    await user.click(await screen.findByRole('menuitem', { name: 'schedule' }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'create' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'create' })).toBeInTheDocument();
  });

  it('the create dialog: 3 days by default, name rules, the number disabled once a date is set, end required and not before the start', async () => {
    signIn();
    const state = fakePlansServer([]);
    const { user } = renderApp('/user-meal-plans');
    const dialog = await openCreate(user);
    const create = within(dialog).getByRole('button', { name: 'create' });
    const days = within(dialog).getByRole('textbox', { name: 'number of days' });
    expect(days).toHaveValue('3');
    expect(days).toBeEnabled();
    expect(create).toBeDisabled();

    await fill(user, within(dialog).getByRole('textbox', { name: /^name/ }), 'Week #1');
    expect(within(dialog).getByText('No special characters allowed')).toBeInTheDocument();
    expect(create).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox', { name: /^name/ }), 'Week 1');
    expect(within(dialog).queryByText('No special characters allowed')).not.toBeInTheDocument();
    expect(create).toBeEnabled();

    fireEvent.change(date(dialog, 'start date'), { target: { value: '2025-02-27' } });
    expect(within(dialog).getByText('An end date is required')).toBeInTheDocument();
    expect(days).toBeDisabled();
    expect(create).toBeDisabled();
    expect(date(dialog, 'end date')).toHaveAttribute('min', '2025-02-27');

    fireEvent.change(date(dialog, 'end date'), { target: { value: '2025-03-02' } });
    expect(within(dialog).queryByText('An end date is required')).not.toBeInTheDocument();
    expect(date(dialog, 'start date')).toHaveAttribute('max', '2025-03-02');
    expect(days).toHaveValue('4');
    expect(create).toBeEnabled();
    expect(state.calls).toEqual([]);
  });

  it('creates the plan and opens it in the editor', async () => {
    signIn();
    const state = fakePlansServer([]);
    const { user, router } = renderApp('/user-meal-plans');
    const dialog = await openCreate(user);
    await fill(user, within(dialog).getByRole('textbox', { name: /^name/ }), 'Long weekend');
    await fill(user, within(dialog).getByRole('textbox', { name: 'number of days' }), '4');
    await user.click(within(dialog).getByRole('button', { name: 'create' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-meal-plans/edit/1'));
    expect(state.calls).toEqual([
      {
        method: 'POST',
        path: '/user-mealplans',
        body: {
          name: 'Long weekend',
          days: 4,
          start_date: null,
          end_date: null,
          recipes: [0, 1, 2, 3].map((day) => ({ day, recipes: [] })),
        },
      },
    ]);
    expect(await screen.findByText('TOTAL DAYS: 4')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Create a Meal Plan' })).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((day) => day.getAttribute('aria-label'))).toEqual([
      'DAY: 1',
      'DAY: 2',
      'DAY: 3',
      'DAY: 4',
    ]);
  });
});
