import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MealPlan, MealPlanUpdatePayload } from '@/shared/api';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { type NewPlanEntry, planEntry, RECIPES_PER_DAY_MAX, SEND_TO_PLAN_TEXTS, SendToPlanDialog } from './index';

function makePlan(id: number, overrides: Partial<MealPlan> = {}): MealPlan {
  return {
    user_mealplan_id: id,
    user_id: 1,
    name: `Plan ${id}`,
    days: 2,
    number_of_days: 2,
    start_date: null,
    end_date: null,
    recipes: [
      { day: 0, date: null, recipes: [] },
      { day: 1, date: null, recipes: [] },
    ],
    shared_with: [],
    owner_name: 'alice_cook',
    role: 'owner',
    updated_at: '2025-03-01T12:00:00Z',
    ...overrides,
  };
}

const soup: NewPlanEntry = { name: 'Lentil soup', value: 10, image: 'soup.webp', type: '4' };

let puts: { id: string; body: MealPlanUpdatePayload }[] = [];

beforeEach(() => {
  puts = [];
});

/** GET /user-mealplans answers `plans`; GET and PUT /user-mealplans/{id} work on `stored` (by id). */
function servePlans(plans: MealPlan[], stored: Record<number, MealPlan> = {}) {
  const gets = { count: 0 };
  server.use(
    http.get(apiUrl('/user-mealplans'), () => HttpResponse.json({ data: plans })),
    http.get(apiUrl('/user-mealplans/:id'), ({ params }) => {
      gets.count += 1;
      const plan = stored[Number(params.id)];
      return plan ? HttpResponse.json({ data: plan }) : HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    }),
    http.put(apiUrl('/user-mealplans/:id'), async ({ params, request }) => {
      const body = (await request.json()) as MealPlanUpdatePayload;
      puts.push({ id: String(params.id), body });
      const plan = stored[Number(params.id)]!;
      return HttpResponse.json({ data: { ...plan, updated_at: '2025-03-02T00:00:00Z' } });
    }),
  );
  return gets;
}

function renderDialog(entry: NewPlanEntry = soup) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <MemoryRouter>
      <SendToPlanDialog entry={entry} opened onClose={onClose} />
    </MemoryRouter>,
  );
  return { ...rendered, onClose };
}

const planSelect = () => screen.findByRole('combobox', { name: SEND_TO_PLAN_TEXTS.plan });
const addButton = () => screen.getByRole('button', { name: SEND_TO_PLAN_TEXTS.add });

describe('SendToPlanDialog', () => {
  it('offers only the plans the user may change, then their days with dates, and adds once both are chosen', async () => {
    const dated = makePlan(2, {
      name: 'Week one',
      days: 3,
      start_date: '2025-03-09',
      end_date: '2025-03-11',
      recipes: [
        { day: 0, date: '2025-03-09', recipes: [] },
        { day: 1, date: '2025-03-10', recipes: [] },
        { day: 2, date: '2025-03-11', recipes: [] },
      ],
    });
    servePlans([
      dated,
      makePlan(3, { name: 'Their plan', role: 'editor' }),
      makePlan(4, { name: 'Read only', role: 'viewer' }),
    ]);
    const { user } = renderDialog();
    const select = await planSelect();
    expect([...(select as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      SEND_TO_PLAN_TEXTS.choosePlan,
      'Week one',
      'Their plan',
    ]);
    expect(addButton()).toBeDisabled();
    await user.selectOptions(select, 'Week one');
    const days = within(screen.getByRole('radiogroup', { name: SEND_TO_PLAN_TEXTS.day })).getAllByRole('radio');
    expect(days.map((day) => day.closest('label, .mantine-Radio-root')?.textContent)).toEqual([
      'DAY: 1 · 09/03/2025',
      'DAY: 2 · 10/03/2025',
      'DAY: 3 · 11/03/2025',
    ]);
    expect(addButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'DAY: 2 · 10/03/2025' }));
    expect(addButton()).toBeEnabled();
  });

  it('reads the plan, then writes every day back with the recipe appended to the chosen one', async () => {
    const listed = makePlan(2, { name: 'Week one' });
    const current = makePlan(2, {
      name: 'Week one',
      updated_at: '2025-03-01T13:00:00Z',
      recipes: [
        { day: 0, date: null, recipes: [{ name: 'Toast', value: 5, image: null, type: 'A9', checked: true }] },
        {
          day: 1,
          date: null,
          recipes: [{ name: 'Leftovers', value: null, image: null, type: 'CUSTOM', checked: false }],
        },
      ],
    });
    servePlans([listed], { 2: current });
    const { user, onClose, queryClient } = renderDialog();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.selectOptions(await planSelect(), 'Week one');
    await user.click(screen.getByRole('radio', { name: 'DAY: 2' }));
    await user.click(addButton());
    expect(await screen.findByText(SEND_TO_PLAN_TEXTS.added)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(puts).toEqual([
      {
        id: '2',
        body: {
          recipes: [
            { day: 0, date: null, recipes: [{ name: 'Toast', value: 5, image: null, type: 'A9', checked: true }] },
            {
              day: 1,
              date: null,
              recipes: [
                { name: 'Leftovers', value: null, image: null, type: 'CUSTOM', checked: false },
                { name: 'Lentil soup', value: 10, image: 'soup.webp', type: '4', checked: false },
              ],
            },
          ],
          updated_at: '2025-03-01T13:00:00Z',
        },
      },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['meal-plans'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['dashboard'] });
  });

  it('reads the plan again and retries once when someone changed it meanwhile (409)', async () => {
    let version = 0;
    const gets = servePlans([makePlan(2, { name: 'Week one' })]);
    server.use(
      http.get(apiUrl('/user-mealplans/2'), () => {
        gets.count += 1;
        version += 1;
        return HttpResponse.json({ data: makePlan(2, { updated_at: `2025-03-0${version}T00:00:00Z` }) });
      }),
      http.put(apiUrl('/user-mealplans/2'), async ({ request }) => {
        const body = (await request.json()) as MealPlanUpdatePayload;
        puts.push({ id: '2', body });
        if (puts.length === 1) return HttpResponse.json({ message: 'The plan was changed.' }, { status: 409 });
        return HttpResponse.json({ data: makePlan(2) });
      }),
    );
    const { user, onClose } = renderDialog();
    await user.selectOptions(await planSelect(), 'Week one');
    await user.click(screen.getByRole('radio', { name: 'DAY: 1' }));
    await user.click(addButton());
    expect(await screen.findByText(SEND_TO_PLAN_TEXTS.added)).toBeInTheDocument();
    expect(gets.count).toBe(2);
    expect(puts.map((put) => put.body.updated_at)).toEqual(['2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z']);
    expect(onClose).toHaveBeenCalled();
  });

  it('tells the user when the plan changed again on the retry, and stays open', async () => {
    servePlans([makePlan(2, { name: 'Week one' })], { 2: makePlan(2) });
    server.use(
      http.put(apiUrl('/user-mealplans/2'), async ({ request }) => {
        puts.push({ id: '2', body: (await request.json()) as MealPlanUpdatePayload });
        return HttpResponse.json({ message: 'The plan was changed.' }, { status: 409 });
      }),
    );
    const { user, onClose } = renderDialog();
    await user.selectOptions(await planSelect(), 'Week one');
    await user.click(screen.getByRole('radio', { name: 'DAY: 1' }));
    await user.click(addButton());
    expect(await screen.findByText(SEND_TO_PLAN_TEXTS.changed)).toBeInTheDocument();
    expect(puts).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
    expect(addButton()).toBeEnabled();
  });

  it("shows the server's reason when it refuses the entry", async () => {
    servePlans([makePlan(2, { name: 'Week one' })], { 2: makePlan(2) });
    server.use(
      http.put(apiUrl('/user-mealplans/2'), () =>
        HttpResponse.json(
          { message: 'Validation failed', errors: { 'recipes.value': ['Recipe not found.'] } },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderDialog();
    await user.selectOptions(await planSelect(), 'Week one');
    await user.click(screen.getByRole('radio', { name: 'DAY: 1' }));
    await user.click(addButton());
    expect(await screen.findByText('Recipe not found.')).toBeInTheDocument();
  });

  it('cannot choose a full day, and says so when the day filled up meanwhile', async () => {
    const entries = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `R${i}`, value: i + 1, image: null, type: 'A9', checked: false }));
    const listed = makePlan(2, {
      name: 'Week one',
      recipes: [
        { day: 0, date: null, recipes: entries(RECIPES_PER_DAY_MAX) },
        { day: 1, date: null, recipes: entries(1) },
      ],
    });
    const current = makePlan(2, {
      recipes: [
        { day: 0, date: null, recipes: entries(RECIPES_PER_DAY_MAX) },
        { day: 1, date: null, recipes: entries(RECIPES_PER_DAY_MAX) },
      ],
    });
    servePlans([listed], { 2: current });
    const { user } = renderDialog();
    await user.selectOptions(await planSelect(), 'Week one');
    expect(screen.getByRole('radio', { name: `DAY: 1 · ${SEND_TO_PLAN_TEXTS.full}` })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'DAY: 2' }));
    await user.click(addButton());
    expect(await screen.findByText(SEND_TO_PLAN_TEXTS.dayGone)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('fills in the days a plan answer leaves out, dated from its start', async () => {
    servePlans([makePlan(2, { name: 'Week one', days: 2, start_date: '2024-12-31', end_date: '2025-01-01', recipes: [] })]);
    const { user } = renderDialog();
    await user.selectOptions(await planSelect(), 'Week one');
    expect(screen.getByRole('radio', { name: 'DAY: 1 · 31/12/2024' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'DAY: 2 · 01/01/2025' })).toBeInTheDocument();
  });

  it('offers to create a meal plan when the user has none they may change', async () => {
    servePlans([makePlan(4, { role: 'viewer' })]);
    const { user, onClose } = renderDialog();
    const create = await screen.findByRole('link', { name: SEND_TO_PLAN_TEXTS.create });
    expect(create).toHaveAttribute('href', '/user-meal-plans/create');
    expect(screen.getByText(SEND_TO_PLAN_TEXTS.noPlans)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SEND_TO_PLAN_TEXTS.add })).not.toBeInTheDocument();
    await user.click(create);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says so when the plans cannot be loaded', async () => {
    server.use(http.get(apiUrl('/user-mealplans'), () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    renderDialog();
    expect(await screen.findByRole('alert')).toHaveTextContent(SEND_TO_PLAN_TEXTS.loadFailed);
  });
});

describe('planEntry', () => {
  it('keeps the name to one line of 200 characters and drops a picture reference too long to keep', () => {
    const url = `https://img.example/${'a'.repeat(290)}.jpg`;
    expect(planEntry({ name: `Soup\n${'b'.repeat(250)}`, value: 3, image: url, type: 'IMPORTED' })).toEqual({
      name: `Soup ${'b'.repeat(195)}`,
      value: 3,
      image: null,
      type: 'IMPORTED',
    });
    expect(planEntry(soup)).toEqual(soup);
  });
});
