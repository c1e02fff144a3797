import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { fakePlansServer } from '../testData';

describe('/user-meal-plans/create', () => {
  it("is titled 'Create a Meal Plan', drafts 3 days, takes recipes before the plan exists, then creates it and opens the editor", async () => {
    signIn();
    const state = fakePlansServer([]);
    const { user, router } = renderApp('/user-meal-plans/create');
    expect(await screen.findByRole('heading', { name: 'Create a Meal Plan' })).toBeInTheDocument();
    expect(screen.getByText('TOTAL DAYS: 3')).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((day) => day.getAttribute('aria-label'))).toEqual(['DAY: 1', 'DAY: 2', 'DAY: 3']);

    fireEvent.change(screen.getByLabelText('start date'), { target: { value: '2025-12-31' } });
    fireEvent.change(screen.getByLabelText('end date'), { target: { value: '2026-01-01' } });
    expect(screen.getByText('TOTAL DAYS: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('date range')).toHaveTextContent('31/12/2025 - 01/01/2026');
    expect(screen.getByRole('region', { name: 'DAY: 2' })).toHaveTextContent('01/01/2026');

    await user.click(screen.getByRole('button', { name: 'add to DAY: 2' }));
    const panel = await screen.findByRole('dialog', { name: 'add to DAY: 2' });
    await fill(user, within(panel).getByRole('textbox', { name: 'Search Recipes' }), 'New year soup');
    await user.click(within(panel).getByRole('button', { name: 'add custom' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'DAY: 2' })).toHaveTextContent('New year soup');
    expect(state.calls).toEqual([]);

    await fill(user, screen.getByRole('textbox', { name: /^name/ }), 'New year');
    await user.click(screen.getByRole('button', { name: 'create' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-meal-plans/edit/1'));
    expect(state.calls).toEqual([
      {
        method: 'POST',
        path: '/user-mealplans',
        body: {
          name: 'New year',
          start_date: '2025-12-31',
          end_date: '2026-01-01',
          recipes: [
            { day: 0, recipes: [] },
            { day: 1, recipes: [{ name: 'New year soup', value: null, image: null, type: 'CUSTOM', checked: false }] },
          ],
        },
      },
    ]);
    // The create page's own heading stays mounted until the editor commits: wait for the editor's
    // 'done' control (only the editor has it) before reading the heading the editor shows.
    expect(await screen.findByRole('link', { name: 'done' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create a Meal Plan' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'DAY: 2' })).toHaveTextContent('New year soup');
  });

  it('shows what a plan may hold: at most 92 days, dated from 01/01/2000 to 31/12/2099; create waits until it fits', async () => {
    signIn();
    const state = fakePlansServer([]);
    const { user } = renderApp('/user-meal-plans/create');
    await fill(user, await screen.findByRole('textbox', { name: /^name/ }), 'Season');
    expect(screen.getByText('at most 92')).toBeInTheDocument();
    const start = screen.getByLabelText('start date');
    const end = screen.getByLabelText('end date');
    expect(start).toHaveAttribute('min', '2000-01-01');
    expect(end).toHaveAttribute('max', '2099-12-31');

    fireEvent.change(start, { target: { value: '2025-07-01' } });
    fireEvent.change(end, { target: { value: '2025-10-01' } });
    expect(screen.getByText('A meal plan has at most 92 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'create' })).toBeDisabled();

    fireEvent.change(start, { target: { value: '9999-12-31' } });
    fireEvent.change(end, { target: { value: '9999-12-31' } });
    expect(screen.getByText("A meal plan's days must fall between 01/01/2000 and 31/12/2099")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'create' })).toBeDisabled();

    fireEvent.change(start, { target: { value: '2025-07-01' } });
    fireEvent.change(end, { target: { value: '2025-09-30' } });
    expect(screen.getByText('TOTAL DAYS: 92')).toBeInTheDocument();
    expect(screen.queryByText('A meal plan has at most 92 days')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'create' })).toBeEnabled();
    expect(state.calls).toEqual([]);
  });
});
