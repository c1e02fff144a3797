import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { saveFilters } from '@/shared/lib/savedFilters';
import { SEND_TO_LIST_TEXTS } from '@/shared/ui/send-to-list';
import { SEND_TO_PLAN_TEXTS } from '@/shared/ui/send-to-plan';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { makeSendList, makeSendPlan, serveSendTargets } from '@/test/sendTargets';
import { makeSuggestion, serveSuggestions } from '@/test/suggestions';
import { ROW_TEXTS } from '../components/SuggestionRow';
import { COOK_TEXTS } from './CookRoute';

const spinach = makeSuggestion(1, 'Spinach pie', {
  summary: '8 of 10 ingredients at home · uses spinach (expires tomorrow), cream (2 days)',
  missing: [
    { name: 'Bacon', ingredient_id: 40, quantity: 200, measurement: 'g' },
    { name: 'Chives', ingredient_id: null, quantity: null, measurement: null },
  ],
});
const stew = makeSuggestion(7, 'Gran’s stew', {
  kind: 'user',
  summary: '5 of 5 ingredients at home',
  missing: [],
  entry: { name: 'Gran’s stew', value: 7, image: null, type: 'USER' },
});
const curry = makeSuggestion(3, 'Blog curry', {
  kind: 'imported',
  summary: '3 of 4 ingredients at home',
  missing: [{ name: 'Coconut milk', ingredient_id: 12, quantity: 1, measurement: 'can' }],
  entry: { name: 'Blog curry', value: 3, image: null, type: 'IMPORTED' },
});

const rows = () => within(screen.getByRole('list', { name: COOK_TEXTS.list })).getAllByTestId('suggestion-row');

describe('/cook', () => {
  it('lists the suggestions best first: picture, name opening the recipe, the summary and what is missing', async () => {
    signIn();
    const bodies = serveSuggestions([spinach, stew, curry]);
    renderApp('/cook');
    expect(await screen.findByRole('heading', { name: COOK_TEXTS.title })).toBeInTheDocument();
    await screen.findByRole('list', { name: COOK_TEXTS.list });
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['Spinach pie', 'Gran’s stew', 'Blog curry']);
    const [pie, own, imported] = rows();
    expect(within(pie!).getByRole('link', { name: 'Spinach pie' })).toHaveAttribute('href', '/recipes/1');
    expect(within(own!).getByRole('link', { name: 'Gran’s stew' })).toHaveAttribute('href', '/user-recipes/7');
    expect(within(imported!).getByRole('link', { name: 'Blog curry' })).toHaveAttribute('href', '/imported-recipes/3');
    expect(within(pie!).getByTestId('suggestion-summary')).toHaveTextContent(
      '8 of 10 ingredients at home · uses spinach (expires tomorrow), cream (2 days)',
    );
    expect(within(pie!).getByTestId('suggestion-missing')).toHaveTextContent(/^Missing: Bacon, Chives$/);
    expect(within(own!).getByTestId('suggestion-missing')).toHaveTextContent(/^Nothing missing$/);
    expect(pie!.querySelector('img')).toHaveAttribute('data-placeholder', 'true');
    // Every row can go to a plan; only a row with something missing can send it to a list.
    expect(within(own!).getByRole('button', { name: ROW_TEXTS.addToPlan })).toBeInTheDocument();
    expect(within(own!).queryByRole('button', { name: ROW_TEXTS.sendMissing })).not.toBeInTheDocument();
    expect(within(pie!).getByRole('button', { name: ROW_TEXTS.sendMissing })).toBeInTheDocument();
    expect(bodies).toEqual([{ searchString: '', filters: [], limit: 20, use_up: false }]);
  });

  it("'Use it up first' asks again with use_up true and shows that answer", async () => {
    signIn();
    const bodies = serveSuggestions((body) => (body.use_up ? [spinach] : [stew, spinach]));
    const { user } = renderApp('/cook');
    await screen.findByRole('list', { name: COOK_TEXTS.list });
    expect(rows()).toHaveLength(2);
    const useUp = screen.getByRole('switch', { name: COOK_TEXTS.useUp });
    expect(useUp).not.toBeChecked();
    await user.click(useUp);
    expect(useUp).toBeChecked();
    await waitFor(() => expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['Spinach pie']));
    expect(bodies.map((body) => body.use_up)).toEqual([false, true]);
    expect(bodies[1]).toEqual({ searchString: '', filters: [], limit: 20, use_up: true });
  });

  it('asks with the typed search and the filters saved in Discover', async () => {
    signIn();
    const filters = [
      { value: 5, name: 'Soups', type: 'category' as const, includeExclude: 'include' as const },
      { value: 9, name: 'Mushroom', type: 'ingredient' as const, includeExclude: 'exclude' as const },
    ];
    saveFilters(filters);
    const bodies = serveSuggestions((body) => (body.searchString === 'pie' ? [spinach] : [stew, spinach]));
    const { user } = renderApp('/cook');
    await screen.findByRole('list', { name: COOK_TEXTS.list });
    expect(screen.getByText('2 saved filters applied')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: COOK_TEXTS.search }), 'pie');
    await waitFor(() => expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['Spinach pie']));
    expect(bodies[0]).toEqual({ searchString: '', filters, limit: 20, use_up: false });
    expect(bodies.at(-1)).toEqual({ searchString: 'pie', filters, limit: 20, use_up: false });
  });

  it("'send missing to list' offers exactly the missing lines and merges the ticked ones into the chosen list", async () => {
    signIn();
    serveSuggestions([spinach, stew]);
    const sent = serveSendTargets({ lists: [makeSendList(4, { name: 'Weekly shop' })] });
    const { user } = renderApp('/cook');
    await screen.findByRole('list', { name: COOK_TEXTS.list });
    await user.click(within(rows()[0]!).getByRole('button', { name: ROW_TEXTS.sendMissing }));
    const dialog = await screen.findByRole('dialog', { name: SEND_TO_LIST_TEXTS.title });
    const lines = within(await within(dialog).findByRole('list', { name: SEND_TO_LIST_TEXTS.ingredients })).getAllByRole(
      'checkbox',
    );
    expect(lines.map((line) => line.closest('li')?.textContent)).toEqual(['200 g Bacon', 'Chives']);
    expect(lines.every((line) => (line as HTMLInputElement).checked)).toBe(true);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: SEND_TO_LIST_TEXTS.list }), 'Weekly shop');
    await user.click(within(dialog).getByRole('button', { name: SEND_TO_LIST_TEXTS.send }));
    await waitFor(() => expect(sent.merges).toHaveLength(1));
    expect(sent.merges[0]).toEqual({
      listId: 4,
      body: { ingredients: [{ value: 40, quantity: 200, unit: 'g' }, { name: 'Chives' }] },
    });
  });

  it("'add to plan' appends the suggestion's entry to the chosen day", async () => {
    signIn();
    serveSuggestions([stew]);
    const plan = makeSendPlan(2, { name: 'Week one' });
    const sent = serveSendTargets({ plans: [plan] });
    const { user } = renderApp('/cook');
    await screen.findByRole('list', { name: COOK_TEXTS.list });
    await user.click(within(rows()[0]!).getByRole('button', { name: ROW_TEXTS.addToPlan }));
    const dialog = await screen.findByRole('dialog', { name: SEND_TO_PLAN_TEXTS.title });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: SEND_TO_PLAN_TEXTS.plan }), 'Week one');
    await user.click(within(dialog).getByRole('radio', { name: 'DAY: 2' }));
    await user.click(within(dialog).getByRole('button', { name: SEND_TO_PLAN_TEXTS.add }));
    await waitFor(() => expect(sent.planWrites).toHaveLength(1));
    expect(sent.planWrites[0]?.body.recipes?.[1]?.recipes).toEqual([
      { name: 'Gran’s stew', value: 7, image: null, type: 'USER', checked: false },
    ]);
  });

  it('says how to get suggestions when nothing at home matches, with a link to the food stores', async () => {
    signIn();
    serveSuggestions([]);
    renderApp('/cook');
    expect(await screen.findByText(COOK_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: COOK_TEXTS.stores })).toHaveAttribute('href', '/user-stores');
    expect(screen.queryByRole('list', { name: COOK_TEXTS.list })).not.toBeInTheDocument();
  });

  it('says so when the suggestions cannot be loaded, and tries again on request', async () => {
    signIn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    serveSuggestions(() => (fail ? HttpResponse.json({ message: 'Boom.' }, { status: 500 }) : [spinach]));
    const { user } = renderApp('/cook');
    expect(await screen.findByText(COOK_TEXTS.failed)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
    fail = false;
    await user.click(screen.getByRole('button', { name: COOK_TEXTS.retry }));
    expect(await screen.findByRole('listitem', { name: 'Spinach pie' })).toBeInTheDocument();
    expect(screen.queryByText(COOK_TEXTS.failed)).not.toBeInTheDocument();
  });

  it('is for signed-in users only', async () => {
    const { router } = renderApp('/cook');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });
});
