import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, renderApp, signIn } from '@/test/render';
import { makeSuggestion, serveSuggestions } from '@/test/suggestions';
import { fakePlansServer, makeDays, makeEntry, makeImported, makePlan, makeRecipe } from '../testData';

type User = ReturnType<typeof renderApp>['user'];

const sources = {
  ownRecipes: [{ user_recipe_id: 12, name: 'Lentil soup', image: null }],
  imported: [
    makeImported(7, { name: 'Quince crumble' }),
    makeImported(8, { message: 'no recipe' }, { url: 'https://example.org/blog-curry' }),
  ],
  catalogue: [makeRecipe(31, 'Porridge with apples'), makeRecipe(32, 'Lemon tart')],
};

async function openSearch(user: User, day: number) {
  await user.click(await screen.findByRole('button', { name: `add to DAY: ${day}` }));
  return screen.findByRole('dialog', { name: `add to DAY: ${day}` });
}

const names = (day: number) =>
  within(screen.getByRole('region', { name: `DAY: ${day}` }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('/user-meal-plans/edit/{id}', () => {
  it("shows the date range, 'TOTAL DAYS' and each day with its date and 'DAY: n'", async () => {
    signIn();
    fakePlansServer([makePlan(3, { name: 'Week', start_date: '2024-02-28', days: 3 })]);
    renderApp('/user-meal-plans/edit/3');
    expect(await screen.findByRole('heading', { name: 'Week' })).toBeInTheDocument();
    expect(screen.getByLabelText('date range')).toHaveTextContent('28/02/2024 - 01/03/2024');
    expect(screen.getByText('TOTAL DAYS: 3')).toBeInTheDocument();
    const days = screen.getAllByRole('region');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual(['DAY: 1', 'DAY: 2', 'DAY: 3']);
    expect(days.map((day) => day.textContent)).toEqual([
      expect.stringContaining('28/02/2024'),
      expect.stringContaining('29/02/2024'),
      expect.stringContaining('01/03/2024'),
    ]);
  });

  it("adds own, imported, catalogue and custom entries through the 'Search Recipes' panel and saves them in one PUT", async () => {
    signIn();
    const state = fakePlansServer([makePlan(3, { name: 'Week', days: 2 })], sources);
    const { user } = renderApp('/user-meal-plans/edit/3');

    let panel = await openSearch(user, 1);
    const search = within(panel).getByRole('textbox', { name: 'Search Recipes' });
    expect(await within(panel).findByRole('button', { name: 'Porridge with apples' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Lentil soup' })).toBeInTheDocument();
    await fill(user, search, 'soup');
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Quince crumble' })).not.toBeInTheDocument());
    await user.click(within(panel).getByRole('button', { name: 'Lentil soup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    panel = await openSearch(user, 1);
    await user.click(await within(panel).findByRole('button', { name: 'Quince crumble' }));
    panel = await openSearch(user, 2);
    await fill(user, within(panel).getByRole('textbox', { name: 'Search Recipes' }), 'lemon');
    await user.click(await within(panel).findByRole('button', { name: 'Lemon tart' }));
    panel = await openSearch(user, 2);
    await user.click(await within(panel).findByRole('button', { name: 'https://example.org/blog-curry' }));
    panel = await openSearch(user, 2);
    const custom = within(panel).getByRole('button', { name: 'add custom' });
    expect(custom).toBeDisabled();
    await fill(user, within(panel).getByRole('textbox', { name: 'Search Recipes' }), 'Leftovers');
    expect(within(panel).getByRole('link', { name: 'create a new recipe' })).toHaveAttribute('href', '/recipe-creator?name=Leftovers');
    await user.click(custom);

    expect(names(1)).toEqual(['Lentil soup', 'Quince crumble']);
    expect(names(2)).toEqual(['Lemon tart', 'https://example.org/blog-curry', 'Leftovers']);
    // Saved by itself (each save 500 ms after the changes before it stopped): the server ends up
    // with every entry, and each save carried the version the one before answered.
    await waitFor(() =>
      expect(state.plans[0]?.recipes.map((day) => day.recipes)).toEqual([
        [
          { name: 'Lentil soup', value: 12, image: null, type: 'USER', checked: false },
          { name: 'Quince crumble', value: 7, image: null, type: 'IMPORTED', checked: false },
        ],
        [
          { name: 'Lemon tart', value: 32, image: 'recipe-32.jpg', type: '1', checked: false },
          { name: 'https://example.org/blog-curry', value: 'https://example.org/blog-curry', image: null, type: 'EXTERNAL_LINK', checked: false },
          { name: 'Leftovers', value: null, image: null, type: 'CUSTOM', checked: false },
        ],
      ]),
    );
    expect(state.calls.every((call) => call.method === 'PUT' && call.path === '/user-mealplans/3')).toBe(true);
    expect((state.calls[0]?.body as { updated_at: string }).updated_at).toBe('2025-03-01T12:00:00Z');
    state.calls.slice(1).forEach((call, i) =>
      expect((call.body as { updated_at: string }).updated_at).toBe(`2025-03-02T12:00:${String(i + 1).padStart(2, '0')}Z`),
    );
  });

  it("'suggest' offers the five best recipes from what is at home and adds the chosen one to that day", async () => {
    signIn();
    const state = fakePlansServer([
      makePlan(3, { name: 'Week', days: 2, recipes: makeDays(2, null, [[], [makeEntry('Toast')]]) }),
    ]);
    const bodies = serveSuggestions([
      makeSuggestion(1, 'Spinach pie', { summary: '8 of 10 ingredients at home · uses spinach (expires tomorrow)' }),
      makeSuggestion(7, 'Gran’s stew', {
        kind: 'user',
        summary: '5 of 5 ingredients at home',
        image: 'stew.webp',
        entry: { name: 'Gran’s stew', value: 7, image: 'stew.webp', type: 'USER' },
      }),
    ]);
    const { user } = renderApp('/user-meal-plans/edit/3');
    await user.click(await screen.findByRole('button', { name: 'suggest for DAY: 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'suggest for DAY: 2' });
    const stew = await within(dialog).findByRole('button', { name: 'Gran’s stew' });
    expect(stew).toHaveAccessibleDescription('5 of 5 ingredients at home');
    expect(within(dialog).getByRole('button', { name: 'Spinach pie' })).toHaveAccessibleDescription(
      '8 of 10 ingredients at home · uses spinach (expires tomorrow)',
    );
    expect(bodies).toEqual([{ limit: 5, use_up: false }]);
    await user.click(stew);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names(1)).toEqual([]);
    expect(names(2)).toEqual(['Toast', 'Gran’s stew']);
    // Saved by the editor's autosave, like an entry of the recipe search.
    await waitFor(() =>
      expect(state.plans[0]?.recipes[1]?.recipes).toEqual([
        expect.objectContaining({ name: 'Toast' }),
        { name: 'Gran’s stew', value: 7, image: 'stew.webp', type: 'USER', checked: false },
      ]),
    );
    expect(state.calls).toHaveLength(1);
    expect(state.calls[0]).toMatchObject({ method: 'PUT', path: '/user-mealplans/3' });
  });

  it('removes an entry and saves; a reload shows what was saved', async () => {
    signIn();
    const state = fakePlansServer([
      makePlan(3, { name: 'Week', days: 1, recipes: makeDays(1, null, [[makeEntry('Soup'), makeEntry('Bread')]]) }),
    ]);
    const first = renderApp('/user-meal-plans/edit/3');
    await first.user.click(await screen.findByRole('button', { name: 'remove Soup' }));
    expect(names(1)).toEqual(['Bread']);
    await waitFor(() => expect(state.calls).toHaveLength(1));
    expect(state.calls[0]?.body).toMatchObject({ recipes: [{ day: 0, recipes: [{ name: 'Bread' }] }] });
    first.unmount();
    renderApp('/user-meal-plans/edit/3');
    await screen.findByRole('heading', { name: 'Week' });
    expect(names(1)).toEqual(['Bread']);
  });

  it("a custom entry's name stops at the server's 200 characters and says why", async () => {
    signIn();
    fakePlansServer([makePlan(3, { name: 'Week', days: 1 })]);
    const { user } = renderApp('/user-meal-plans/edit/3');
    await screen.findByRole('heading', { name: 'Week' });
    const panel = await openSearch(user, 1);
    const box = within(panel).getByRole('textbox', { name: 'Search Recipes' });
    await user.click(box);
    await user.paste('x'.repeat(230));
    expect(box).toHaveValue('x'.repeat(200));
    expect(within(panel).getByText("An entry's name has at most 200 characters.")).toBeInTheDocument();
  });

  it('when someone else changed the plan meanwhile (409), shows their version and says so', async () => {
    signIn();
    const state = fakePlansServer([makePlan(3, { name: 'Week', days: 1 })]);
    const { user } = renderApp('/user-meal-plans/edit/3');
    await screen.findByRole('heading', { name: 'Week' });
    const plan = state.plans[0]!;
    plan.recipes = makeDays(1, null, [[makeEntry('Their curry')]]);
    plan.updated_at = '2025-03-05T09:00:00Z';
    const panel = await openSearch(user, 1);
    await fill(user, within(panel).getByRole('textbox', { name: 'Search Recipes' }), 'Pie');
    await user.click(within(panel).getByRole('button', { name: 'add custom' }));
    expect(await screen.findByText('This plan was changed elsewhere: showing the latest version.')).toBeInTheDocument();
    await waitFor(() => expect(names(1)).toEqual(['Their curry']));
    expect(state.calls).toHaveLength(1);
  });

  it('a plan shared without edit rights is read-only: no add or remove controls, no search', async () => {
    signIn();
    fakePlansServer([
      makePlan(6, { name: 'Theirs', role: 'viewer', user_id: 9, days: 1, recipes: makeDays(1, null, [[makeEntry('Soup')]]) }),
    ]);
    renderApp('/user-meal-plans/edit/6');
    expect(await screen.findByRole('heading', { name: 'Theirs' })).toBeInTheDocument();
    expect(screen.getByText('You can view this plan but not change it.')).toBeInTheDocument();
    expect(names(1)).toEqual(['Soup']);
    expect(screen.queryByRole('button', { name: /^add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'remove Soup' })).not.toBeInTheDocument();
  });

  it('a day holding 20 recipes says it is full instead of offering to add more', async () => {
    signIn();
    const full = Array.from({ length: 20 }, (_, n) => makeEntry(`Dish ${n + 1}`));
    fakePlansServer([makePlan(3, { name: 'Feast', days: 2, recipes: makeDays(2, null, [full, []]) })]);
    renderApp('/user-meal-plans/edit/3');
    const first = await screen.findByRole('region', { name: 'DAY: 1' });
    expect(within(first).getByText('A day holds at most 20 recipes')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'add to DAY: 1' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'DAY: 2' })).getByRole('button', { name: 'add to DAY: 2' })).toBeInTheDocument();
  });
});
