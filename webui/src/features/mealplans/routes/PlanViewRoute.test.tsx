import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { fakePlansServer, makeDays, makeEntry, makePlan } from '../testData';

type User = ReturnType<typeof renderApp>['user'];

async function openMenu(user: User, name: string) {
  await user.click(await screen.findByRole('button', { name: `actions for ${name}` }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

const planOfEveryKind = () =>
  makePlan(5, {
    name: 'Week one',
    start_date: '2025-12-30',
    days: 3,
    recipes: makeDays(3, '2025-12-30', [
      [
        makeEntry('Porridge', { type: 'A9', value: 31 }),
        makeEntry('Quince crumble', { type: 'IMPORTED', value: 7 }),
      ],
      [makeEntry('Lentil soup', { type: 'USER', value: 12 }), makeEntry('Blog curry', { type: 'EXTERNAL_LINK', value: 'https://example.org/curry' })],
      [makeEntry('Leftovers')],
    ]),
  });

describe('/user-meal-plans/{id}', () => {
  it("shows each day with its date and 'DAY: n', and links recipes by their type", async () => {
    signIn();
    fakePlansServer([planOfEveryKind()]);
    renderApp('/user-meal-plans/5?view=readonly');
    expect(await screen.findByRole('heading', { name: 'Week one' })).toBeInTheDocument();
    expect(screen.getByLabelText('date range')).toHaveTextContent('30/12/2025 - 01/01/2026');
    expect(screen.getByText('TOTAL DAYS: 3')).toBeInTheDocument();
    const days = screen.getAllByRole('region');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual(['DAY: 1', 'DAY: 2', 'DAY: 3']);
    expect(days[0]).toHaveTextContent('30/12/2025');
    expect(days[2]).toHaveTextContent('01/01/2026');
    expect(within(days[0]!).getByRole('link', { name: 'Porridge' })).toHaveAttribute('href', '/recipes/31');
    expect(within(days[0]!).getByRole('link', { name: 'Quince crumble' })).toHaveAttribute('href', '/imported-recipes/7');
    expect(within(days[1]!).getByRole('link', { name: 'Lentil soup' })).toHaveAttribute('href', '/user-recipes/12');
    const external = within(days[1]!).getByRole('link', { name: 'Blog curry' });
    expect(external).toHaveAttribute('href', 'https://example.org/curry');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(within(days[2]!).getByText('Leftovers')).toBeInTheDocument();
    expect(within(days[2]!).queryByRole('link')).not.toBeInTheDocument();
    // The read-only view has no editing controls.
    expect(screen.queryByRole('button', { name: /^add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^remove/ })).not.toBeInTheDocument();
  });

  it('a plan that does not exist (or is not shared with the user) says so', async () => {
    signIn();
    fakePlansServer([]);
    renderApp('/user-meal-plans/77');
    expect(await screen.findByText('Meal plan not found.')).toBeInTheDocument();
  });

  it('the action menu follows the role: owner, editor, viewer; delete and remove are destructive', async () => {
    signIn();
    fakePlansServer([
      makePlan(1, { name: 'Mine' }),
      makePlan(2, { name: 'Editable', role: 'editor', user_id: 9 }),
      makePlan(3, { name: 'Viewable', role: 'viewer', user_id: 9 }),
    ]);
    const owner = renderApp('/user-meal-plans/1');
    expect(await openMenu(owner.user, 'Mine')).toEqual(['edit', 'schedule', 'complete', 'check ingredients', 'share', 'delete']);
    expect(screen.getByRole('menuitem', { name: 'delete' }).getAttribute('style')).toContain('--mantine-color-red');
    owner.unmount();
    const editor = renderApp('/user-meal-plans/2');
    expect(await openMenu(editor.user, 'Editable')).toEqual(['edit', 'schedule', 'complete', 'check ingredients', 'remove']);
    expect(screen.getByRole('menuitem', { name: 'remove' }).getAttribute('style')).toContain('--mantine-color-red');
    editor.unmount();
    const viewer = renderApp('/user-meal-plans/3');
    expect(await openMenu(viewer.user, 'Viewable')).toEqual(['check ingredients', 'remove']);
  });

  it("delete asks 'Delete Meaplan', then DELETE, 'Meal Plan Deleted.' and back to the list", async () => {
    signIn();
    const state = fakePlansServer([makePlan(1, { name: 'Mine' }), makePlan(2, { name: 'Other' })]);
    const { user, router } = renderApp('/user-meal-plans/1');
    await openMenu(user, 'Mine');
    await user.click(screen.getByRole('menuitem', { name: 'delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Meaplan' });
    expect(dialog).toHaveTextContent('This action cannot be undone, are you sure?');
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.calls).toEqual([]);

    await openMenu(user, 'Mine');
    await user.click(screen.getByRole('menuitem', { name: 'delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Meaplan' })).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('Meal Plan Deleted.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/user-meal-plans'));
    expect(state.calls).toEqual([{ method: 'DELETE', path: '/user-mealplans/1', body: null }]);
    expect(await screen.findByRole('listitem', { name: 'Other' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Mine' })).not.toBeInTheDocument();
  });

  it("remove (a shared plan) asks 'Remove {name} from shared plans?', then PUT /share/remove and 'Mealplan Removed.'", async () => {
    signIn();
    const state = fakePlansServer([makePlan(4, { name: 'Family', role: 'viewer', user_id: 9 })]);
    const { user, router } = renderApp('/user-meal-plans/4');
    await openMenu(user, 'Family');
    await user.click(screen.getByRole('menuitem', { name: 'remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Family from shared plans?' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('Mealplan Removed.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/user-meal-plans'));
    expect(state.calls).toEqual([{ method: 'PUT', path: '/share/remove', body: { entity_id: 4, entity_type: 'UserMealplan' } }]);
  });

  it("schedule: the end date follows the start (start + days - 1), Confirm re-dates the plan, 'Meal Plan Re-Scheduled.'", async () => {
    signIn();
    const state = fakePlansServer([makePlan(1, { name: 'Mine', start_date: '2025-03-01', days: 3 })]);
    const { user } = renderApp('/user-meal-plans/1');
    await openMenu(user, 'Mine');
    await user.click(screen.getByRole('menuitem', { name: 'schedule' }));
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByLabelText('start date');
    const end = within(dialog).getByLabelText('end date');
    expect(start).toHaveValue('2025-03-01');
    expect(end).toHaveValue('2025-03-03');
    expect(end).toHaveAttribute('readonly');
    fireEvent.change(start, { target: { value: '2024-02-28' } });
    expect(end).toHaveValue('2024-03-01');
    fireEvent.change(start, { target: { value: '2025-12-30' } });
    expect(end).toHaveValue('2026-01-01');
    fireEvent.change(start, { target: { value: '' } });
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    fireEvent.change(start, { target: { value: '2025-12-30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Meal Plan Re-Scheduled.')).toBeInTheDocument();
    expect(state.calls).toEqual([{ method: 'PUT', path: '/user-mealplans/1', body: { start_date: '2025-12-30' } }]);
    await waitFor(() => expect(screen.getByLabelText('date range')).toHaveTextContent('30/12/2025 - 01/01/2026'));
    expect(screen.getAllByRole('region')[2]).toHaveTextContent('01/01/2026');
  });

  it('schedule keeps every day of the plan between 01/01/2000 and 31/12/2099: a later start says so and cannot be confirmed', async () => {
    signIn();
    const state = fakePlansServer([makePlan(1, { name: 'Mine', start_date: '2025-03-01', days: 3 })]);
    const { user } = renderApp('/user-meal-plans/1');
    await openMenu(user, 'Mine');
    await user.click(screen.getByRole('menuitem', { name: 'schedule' }));
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByLabelText('start date');
    expect(start).toHaveAttribute('max', '2099-12-31');
    fireEvent.change(start, { target: { value: '2099-12-30' } });
    expect(within(dialog).getByText("A meal plan's days must fall between 01/01/2000 and 31/12/2099")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    fireEvent.change(start, { target: { value: '2099-12-29' } });
    expect(within(dialog).getByLabelText('end date')).toHaveValue('2099-12-31');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(state.calls).toEqual([]);
  });

  it("share opens the shared share dialog for a 'UserMealplan'", async () => {
    signIn();
    const state = fakePlansServer([makePlan(1, { name: 'Mine' })]);
    const { user } = renderApp('/user-meal-plans/1');
    await openMenu(user, 'Mine');
    await user.click(screen.getByRole('menuitem', { name: 'share' }));
    const dialog = await screen.findByRole('dialog', { name: 'share' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'e-mail' }), 'bob@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'share' }));
    expect(await screen.findByText('Sharing Updated')).toBeInTheDocument();
    expect(state.calls).toEqual([
      {
        method: 'PUT',
        path: '/share',
        body: { entity_id: 1, type: 'UserMealplan', shared_with: [{ email: 'bob@example.com', canEdit: false }] },
      },
    ]);
  });

  it('edit opens the editor', async () => {
    signIn();
    fakePlansServer([makePlan(1, { name: 'Mine' })]);
    const { user, router } = renderApp('/user-meal-plans/1?view=readonly');
    await openMenu(user, 'Mine');
    await user.click(screen.getByRole('menuitem', { name: 'edit' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-meal-plans/edit/1'));
  });
});
