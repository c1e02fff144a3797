import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { fakePlansServer, makeCheckIngredient, makeCheckRecipe, makeDays, makeEntry, makePlan } from '../testData';

type User = ReturnType<typeof renderApp>['user'];

const plan = () =>
  makePlan(5, {
    name: 'Week',
    days: 2,
    recipes: makeDays(2, null, [[makeEntry('Soup', { type: 'A9', value: 1 })], [makeEntry('Stew', { type: 'USER', value: 2 })]]),
  });

const stock = { store_id: 1, store_name: 'Pantry', item_id: 40, quantity: 500, unit: 'g', date_added: '2025-03-01T00:00:00Z', expiry_date: '2025-03-15' };

const check = {
  recipes: [
    makeCheckRecipe('Soup', {
      entries: [{ day: 0, index: 0 }],
      recipe_ingredients: [
        makeCheckIngredient('Carrot', { ingredient_id: 12, value: '12', quantity: 3, measurement: 'unit(s)', stock: [stock] }),
        makeCheckIngredient('a pinch of saffron', { ingredient_id: null, value: 'CUSTOM-saffron', quantity: null, measurement: '' }),
      ],
    }),
    makeCheckRecipe('Stew', {
      recipe_id: 2,
      type: 'USER',
      days: [1],
      entries: [{ day: 1, index: 0 }],
      recipe_ingredients: [makeCheckIngredient('Beef', { ingredient_id: 20, value: '20', quantity: 400, measurement: 'g' })],
    }),
  ],
  lists: [
    { user_shoppinglist_id: 8, name: 'Weekly shop', owner_name: 'alice_cook' },
    { user_shoppinglist_id: 9, name: 'Flat list', owner_name: 'bob' },
  ],
};

async function menuAction(user: User, action: string) {
  await user.click(await screen.findByRole('button', { name: 'actions for Week' }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('Ingredient Summary', () => {
  it("lists ingredients per recipe with a checkbox and the stock held; 'Add Selected' waits for a list and a tick, then merges", async () => {
    signIn();
    const state = fakePlansServer([plan()], { checks: { 5: check } });
    const { user } = renderApp('/user-meal-plans/5');
    await menuAction(user, 'check ingredients');
    const dialog = await screen.findByRole('dialog', { name: 'Ingredient Summary' });
    const soup = await within(dialog).findByRole('region', { name: 'Soup' });
    expect(within(soup).getByRole('checkbox', { name: '3 carrots' })).not.toBeChecked();
    expect(soup).toHaveTextContent('Pantry: 500 g (expires 15/03/2025)');
    expect(within(soup).getByRole('checkbox', { name: 'a pinch of saffron' })).toBeInTheDocument();
    expect(soup).toHaveTextContent('DAY: 1');
    const stew = within(dialog).getByRole('region', { name: 'Stew' });
    expect(within(stew).getByRole('checkbox', { name: '400 g Beef' })).toBeInTheDocument();
    expect(stew).toHaveTextContent('not in your stores');

    const add = within(dialog).getByRole('button', { name: 'Add Selected' });
    const lists = within(dialog).getByRole('combobox', { name: 'Available Shopping Lists' });
    expect(within(lists).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'choose a list',
      'Weekly shop',
      'Flat list',
    ]);
    expect(add).toBeDisabled();
    await user.click(within(soup).getByRole('checkbox', { name: '3 carrots' }));
    expect(add).toBeDisabled();
    await user.selectOptions(lists, 'Weekly shop');
    expect(add).toBeEnabled();
    await user.click(within(soup).getByRole('checkbox', { name: '3 carrots' }));
    expect(add).toBeDisabled();
    await user.click(within(soup).getByRole('checkbox', { name: 'a pinch of saffron' }));
    await user.click(within(stew).getByRole('checkbox', { name: '400 g Beef' }));
    await user.click(add);
    expect(await screen.findByText('2 ingredients added to Weekly shop')).toBeInTheDocument();
    expect(state.calls).toEqual([
      {
        method: 'POST',
        path: '/user-shoppinglists/8/merge',
        body: { ingredients: [{ value: 'CUSTOM-saffron', name: 'a pinch of saffron' }, { value: 20, quantity: 400, unit: 'g' }] },
      },
    ]);
    await waitFor(() => expect(within(stew).getByRole('checkbox', { name: '400 g Beef' })).not.toBeChecked());
  });
});

describe('Ingredient Summary selection', () => {
  it("'select missing' ticks what the stores do not cover, 'select all' every line, 'select none' none", async () => {
    signIn();
    fakePlansServer([plan()], { checks: { 5: check } });
    const { user } = renderApp('/user-meal-plans/5');
    await menuAction(user, 'check ingredients');
    const dialog = await screen.findByRole('dialog', { name: 'Ingredient Summary' });
    await within(dialog).findByRole('region', { name: 'Soup' });
    const ticked = () =>
      within(dialog)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.closest('.mantine-Checkbox-root')?.textContent);
    await user.click(within(dialog).getByRole('button', { name: 'select missing' }));
    // the carrots are in the pantry
    expect(ticked()).toEqual(['a pinch of saffron', '400 g Beef']);
    await user.click(within(dialog).getByRole('button', { name: 'select all' }));
    expect(ticked()).toEqual(['3 carrots', 'a pinch of saffron', '400 g Beef']);
    await user.click(within(dialog).getByRole('button', { name: 'select none' }));
    expect(ticked()).toEqual([]);
  });
});

describe('Complete mealplan', () => {
  it("lists the plan's recipes; 'complete' stays disabled until one is ticked; the options and their defaults", async () => {
    signIn();
    fakePlansServer([plan()], { checks: { 5: check } });
    const { user } = renderApp('/user-meal-plans/5');
    await menuAction(user, 'complete');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Meal Plan' });
    const recipes = within(dialog).getByRole('group', { name: 'recipes' });
    expect(within(recipes).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.closest('.mantine-Checkbox-root')?.textContent)).toEqual([
      'SoupDAY: 1',
      'StewDAY: 2',
    ]);
    expect(within(dialog).getByRole('checkbox', { name: 'Adjust and Remove Ingredients' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Reschedule Plan' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Add to food diary (coming soon)' })).toBeDisabled();
    const complete = within(dialog).getByRole('button', { name: 'complete' });
    expect(complete).toBeDisabled();
    await user.click(within(recipes).getByRole('checkbox', { name: /Soup/ }));
    expect(complete).toBeEnabled();
    // The stock the ticked recipe could use, to pick from.
    const stockGroup = await within(dialog).findByRole('group', { name: 'stock to use' });
    expect(within(stockGroup).getByRole('checkbox', { name: 'Carrot - Pantry: 500 g (expires 15/03/2025)' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reschedule Plan' }));
    expect(complete).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('new start date'), { target: { value: '2025-04-01' } });
    expect(complete).toBeEnabled();
    // The plan re-dated must keep its days between 01/01/2000 and 31/12/2099, as the server requires.
    fireEvent.change(within(dialog).getByLabelText('new start date'), { target: { value: '2099-12-31' } });
    expect(within(dialog).getByText("A meal plan's days must fall between 01/01/2000 and 31/12/2099")).toBeInTheDocument();
    expect(complete).toBeDisabled();
  });

  it('completes: POST with the ticked recipes, the chosen stock and the new start; shows what was used and what was short', async () => {
    signIn();
    const state = fakePlansServer([plan()], {
      checks: { 5: check },
      complete: () => ({
        used: [{ store_id: 1, item_id: 40, name: 'Carrot', used: 3, unit: 'unit', left: 2, removed: false }],
        shortfall: [
          { name: 'Beef', ingredient_id: 20, quantity: 400, unit: 'g', reason: 'missing' },
          { name: 'Milk', ingredient_id: 11, quantity: 200, unit: 'ml', reason: 'unconvertible' },
        ],
      }),
    });
    const { user } = renderApp('/user-meal-plans/5');
    await menuAction(user, 'complete');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Meal Plan' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Soup/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Stew/ }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /^Carrot - Pantry/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reschedule Plan' }));
    fireEvent.change(within(dialog).getByLabelText('new start date'), { target: { value: '2025-04-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'complete' }));

    expect(await screen.findByText('Meal Plan Completed.', { selector: '.mantine-Notification-description' })).toBeInTheDocument();
    expect(await screen.findByText('Meal Plan Re-Scheduled.')).toBeInTheDocument();
    expect(state.calls).toEqual([
      {
        method: 'POST',
        path: '/user-mealplans/5/complete',
        body: {
          recipes: [
            { day: 0, index: 0 },
            { day: 1, index: 0 },
          ],
          adjust_stock: true,
          use_items: [40],
          reschedule_start: '2025-04-01',
        },
      },
    ]);
    expect(within(dialog).getByRole('list', { name: 'used' })).toHaveTextContent('Carrot: 3 used, 2 left');
    const short = within(dialog).getByRole('list', { name: 'short' });
    expect(short).toHaveTextContent('Beef: 400 g missing');
    expect(short).toHaveTextContent("Milk: 200 ml not taken (the store's unit cannot be converted)");
    // The plan on screen is the re-dated one.
    await waitFor(() => expect(screen.getByLabelText('date range')).toHaveTextContent('01/04/2025 - 02/04/2025'));
  });
});
