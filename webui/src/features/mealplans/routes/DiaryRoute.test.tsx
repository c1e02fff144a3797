import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp, signIn } from '@/test/render';
import { fakePlansServer, makeCheckIngredient, makeCheckRecipe, makePlan } from '../testData';

afterEach(() => vi.useRealTimers());

describe('/diary', () => {
  it("is titled with the current plan's name; its menu icon opens that plan's 'Ingredient Summary'", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 10, 12));
    signIn();
    const state = fakePlansServer(
      [
        makePlan(1, { name: 'Last month', start_date: '2025-02-01', days: 7 }),
        makePlan(2, { name: 'This week', start_date: '2025-03-08', days: 7 }),
        makePlan(3, { name: 'Next week', start_date: '2025-03-15', days: 7 }),
      ],
      {
        checks: {
          2: { recipes: [makeCheckRecipe('Soup', { recipe_ingredients: [makeCheckIngredient('Leek', { quantity: 2, measurement: 'unit(s)' })] })], lists: [] },
        },
      },
    );
    const { user } = renderApp('/diary');
    expect(await screen.findByRole('heading', { name: 'This week' })).toBeInTheDocument();
    expect(screen.getByText('work in progress food diary.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'add entry' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Ingredient Summary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ingredient Summary' });
    expect(await within(dialog).findByRole('checkbox', { name: '2 leeks' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Selected' })).toBeDisabled();
    expect(state.gets['/user-mealplans/2/ingredients']).toBe(1);
  });

  it('without a plan covering today, the next plan to start names it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 10, 12));
    signIn();
    fakePlansServer([
      makePlan(1, { name: 'Last month', start_date: '2025-02-01', days: 7 }),
      makePlan(3, { name: 'Next week', start_date: '2025-03-15', days: 7 }),
    ]);
    renderApp('/diary');
    expect(await screen.findByRole('heading', { name: 'Next week' })).toBeInTheDocument();
  });

  it("without any plan it reads 'Food diary' and the dialog says there is no plan yet", async () => {
    signIn();
    fakePlansServer([]);
    const { user } = renderApp('/diary');
    expect(await screen.findByRole('heading', { name: 'Food diary' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ingredient Summary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ingredient Summary' });
    expect(within(dialog).getByText(/no current meal plan/)).toBeInTheDocument();
  });

  it('is for signed-in users only', async () => {
    const { router } = renderApp('/diary');
    await screen.findByRole('button', { name: 'Login' });
    expect(currentPath(router)).toBe('/login');
  });
});
