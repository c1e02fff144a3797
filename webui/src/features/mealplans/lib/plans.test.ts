import { describe, expect, it } from 'vitest';
import { makeCheckIngredient, makeCheckRecipe, makeDays, makeEntry, makeImported, makePlan } from '../testData';
import { canComplete, completePayload, stockFor } from './complete';
import { addDays, currentPlan, dayCount, endOf, planSpan } from './dates';
import { mergeItems, tickKey } from './ingredients';
import { importedPick } from './picks';
import { LIMIT_TEXTS, MAX_DAYS, RECIPES_PER_DAY_MAX } from './limits';
import {
  EMPTY_DRAFT,
  byStartDate,
  createPayload,
  dayFull,
  draftDays,
  draftPlanDays,
  draftValid,
  endError,
  nameError,
  planActions,
  scheduleError,
  spanError,
  withEntry,
} from './plans';

describe('calendar dates of plans', () => {
  it('adds days across month ends, leap days and year ends', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
    expect(addDays('not a day', 1)).toBe('');
  });

  it('number_of_days = end - start + 1; the end of a plan is start + (days - 1)', () => {
    expect(dayCount('2025-03-10', '2025-03-10')).toBe(1);
    expect(dayCount('2025-03-10', '2025-03-12')).toBe(3);
    expect(dayCount('2024-02-27', '2024-03-01')).toBe(4);
    expect(dayCount('2025-12-31', '2026-01-01')).toBe(2);
    expect(dayCount('2025-03-12', '2025-03-10')).toBe(-1);
    expect(endOf('2025-03-30', 3)).toBe('2025-04-01');
    expect(endOf('2024-02-28', 2)).toBe('2024-02-29');
    expect(endOf('2025-12-31', 7)).toBe('2026-01-06');
  });

  it('shows a dated plan as its date range (en-GB) and one without dates as its number of days', () => {
    expect(planSpan(makePlan(1, { start_date: '2025-03-09', days: 3 }))).toBe('09/03/2025 - 11/03/2025');
    expect(planSpan(makePlan(1, { days: 5 }))).toBe('5 days');
    expect(planSpan(makePlan(1, { days: 1 }))).toBe('1 day');
  });

  it("the diary's plan: the one covering today, else the next to start, else the one that ended last", () => {
    const past = makePlan(1, { name: 'past', start_date: '2025-01-01', days: 3 });
    const later = makePlan(2, { name: 'later', start_date: '2025-04-01', days: 3 });
    const sooner = makePlan(3, { name: 'sooner', start_date: '2025-03-20', days: 3 });
    const now = makePlan(4, { name: 'now', start_date: '2025-03-08', days: 3 });
    const undated = makePlan(5, { name: 'undated', updated_at: '2025-03-09T00:00:00Z' });
    expect(currentPlan([past, later, sooner, now, undated], '2025-03-10')?.name).toBe('now');
    expect(currentPlan([past, later, sooner, undated], '2025-03-10')?.name).toBe('sooner');
    expect(currentPlan([past, undated], '2025-03-10')?.name).toBe('past');
    expect(currentPlan([undated, makePlan(6, { name: 'older' })], '2025-03-10')?.name).toBe('undated');
    expect(currentPlan([], '2025-03-10')).toBeNull();
  });
});

describe('the create dialog rules (part 2 §5)', () => {
  it("accepts letters, digits and spaces only: 'No special characters allowed'", () => {
    expect(nameError('Week 12 dinners')).toBeNull();
    expect(nameError('Semaine été')).toBeNull();
    expect(nameError('')).toBeNull();
    expect(nameError('Mum & Dad')).toBe('No special characters allowed');
    expect(nameError('week-12')).toBe('No special characters allowed');
  });

  it('defaults to 3 days; with both dates the length is end - start + 1', () => {
    expect(draftDays(EMPTY_DRAFT)).toBe(3);
    expect(draftDays({ ...EMPTY_DRAFT, start: '2025-03-10', end: '2025-03-16', days: 3 })).toBe(7);
    expect(draftPlanDays({ ...EMPTY_DRAFT, start: '2025-02-27', end: '2025-03-01' }).map((d) => d.date)).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
    ]);
    expect(draftPlanDays({ ...EMPTY_DRAFT, start: '2025-03-05', end: '2025-03-01' })).toEqual([]);
  });

  it("needs a valid name, and an end date once a start is given ('An end date is required'), not before it", () => {
    const named = { ...EMPTY_DRAFT, name: 'Week one' };
    expect(draftValid(EMPTY_DRAFT)).toBe(false);
    expect(draftValid(named)).toBe(true);
    expect(draftValid({ ...named, name: 'Week #1' })).toBe(false);
    expect(endError({ ...named, start: '2025-03-10' })).toBe('An end date is required');
    expect(draftValid({ ...named, start: '2025-03-10' })).toBe(false);
    expect(draftValid({ ...named, start: '2025-03-10', end: '2025-03-09' })).toBe(false);
    expect(draftValid({ ...named, start: '2025-03-10', end: '2025-03-10' })).toBe(true);
    expect(endError({ ...named, start: '2025-03-10', end: '2025-03-10' })).toBeNull();
    expect(draftValid({ ...named, end: '2025-03-10' })).toBe(false);
    expect(draftValid({ ...named, days: 0 })).toBe(false);
    expect(draftValid({ ...named, days: '' })).toBe(false);
    expect(draftValid({ ...named, days: 93 })).toBe(false);
  });

  it('shows what a plan may hold as the server says it: at most 92 days, dated 01/01/2000 to 31/12/2099', () => {
    const named = { ...EMPTY_DRAFT, name: 'Season' };
    expect(MAX_DAYS).toBe(92);
    expect(spanError({ ...named, days: 92 })).toBeNull();
    expect(draftValid({ ...named, days: 92 })).toBe(true);
    expect(spanError({ ...named, days: 93 })).toBe('A meal plan has at most 92 days');
    // July to September is the longest three months: 92 days.
    expect(spanError({ ...named, start: '2025-07-01', end: '2025-09-30' })).toBeNull();
    expect(spanError({ ...named, start: '2025-07-01', end: '2025-10-01' })).toBe('A meal plan has at most 92 days');
    expect(draftValid({ ...named, start: '2025-07-01', end: '2025-10-01' })).toBe(false);
    expect(draftPlanDays({ ...named, start: '2025-07-01', end: '2025-10-01' })).toEqual([]);
    const outside = "A meal plan's days must fall between 01/01/2000 and 31/12/2099";
    expect(spanError({ ...named, start: '9999-12-31', end: '9999-12-31' })).toBe(outside);
    expect(spanError({ ...named, start: '1999-12-31', end: '2000-01-01' })).toBe(outside);
    expect(spanError({ ...named, start: '2099-12-31', end: '2100-01-01' })).toBe(outside);
    expect(draftValid({ ...named, start: '9999-12-31', end: '9999-12-31' })).toBe(false);
    expect(draftValid({ ...named, start: '2000-01-01', end: '2000-01-01' })).toBe(true);
    expect(draftValid({ ...named, start: '2099-12-31', end: '2099-12-31' })).toBe(true);
  });

  it('sends the length, both dates or neither, and the days picked so far', () => {
    const days = draftPlanDays({ ...EMPTY_DRAFT, days: 2 });
    days[1]!.recipes.push(makeEntry('Soup'));
    expect(createPayload({ ...EMPTY_DRAFT, name: ' Two days ', days: 2 }, days)).toEqual({
      name: 'Two days',
      days: 2,
      start_date: null,
      end_date: null,
      recipes: [
        { day: 0, recipes: [] },
        { day: 1, recipes: [{ name: 'Soup', value: null, image: null, type: 'CUSTOM', checked: false }] },
      ],
    });
    // A dated plan's length is its dates' span: the count is not sent with them.
    expect(createPayload({ ...EMPTY_DRAFT, name: 'Dated', start: '2025-03-10', end: '2025-03-11' }, [])).toEqual({
      name: 'Dated',
      start_date: '2025-03-10',
      end_date: '2025-03-11',
      recipes: [],
    });
  });
});

describe('what a plan may hold', () => {
  it('schedules only a start that keeps every day of the plan between 01/01/2000 and 31/12/2099', () => {
    expect(scheduleError('2099-12-29', 3)).toBeNull();
    expect(scheduleError('2099-12-30', 3)).toBe(LIMIT_TEXTS.outOfRange);
    expect(scheduleError('9999-12-31', 1)).toBe(LIMIT_TEXTS.outOfRange);
    expect(scheduleError('1999-12-31', 1)).toBe(LIMIT_TEXTS.outOfRange);
    expect(scheduleError('2025-03-01', 93)).toBe(LIMIT_TEXTS.tooLong);
    expect(scheduleError('', 3)).toBeNull(); // no date yet: nothing to say
  });

  it('a day holds at most 20 recipes: a full day takes no more', () => {
    const full = makeDays(1, null, [Array.from({ length: RECIPES_PER_DAY_MAX }, (_, n) => makeEntry(`Dish ${n}`))]);
    expect(dayFull(full[0]!)).toBe(true);
    expect(withEntry(full, 0, makeEntry('One more'))[0]!.recipes).toHaveLength(20);
    const room = makeDays(1, null, [[makeEntry('Soup')]]);
    expect(dayFull(room[0]!)).toBe(false);
    expect(withEntry(room, 0, makeEntry('Bread'))[0]!.recipes.map((entry) => entry.name)).toEqual(['Soup', 'Bread']);
  });
});

describe('plans by role and entries by type', () => {
  it("the menu: edit, schedule and complete with edit rights, 'check ingredients' always, share and delete for own plans, remove for shared ones", () => {
    expect(planActions({ role: 'owner' })).toEqual(['edit', 'schedule', 'complete', 'check ingredients', 'share', 'delete']);
    expect(planActions({ role: 'editor' })).toEqual(['edit', 'schedule', 'complete', 'check ingredients', 'remove']);
    expect(planActions({ role: 'viewer' })).toEqual(['check ingredients', 'remove']);
  });

  it('an import with a recipe is IMPORTED by id; a failed one or one without a recipe is its link', () => {
    expect(importedPick(makeImported(3, { name: 'Quince crumble', image: [{ url: 'https://img/x.jpg' }] })).entry).toEqual({
      name: 'Quince crumble',
      value: 3,
      image: 'https://img/x.jpg',
      type: 'IMPORTED',
      checked: false,
    });
    expect(importedPick(makeImported(4, { message: 'no recipe' })).entry).toMatchObject({
      name: 'https://example.org/recipe-4',
      value: 'https://example.org/recipe-4',
      type: 'EXTERNAL_LINK',
    });
    expect(importedPick(makeImported(5, {}, { import_failed: true, data: '{' })).entry.type).toBe('EXTERNAL_LINK');
  });

  it('sorts own plans by start date, plans without dates last', () => {
    const plans = [
      makePlan(1, { name: 'undated' }),
      makePlan(2, { name: 'april', start_date: '2025-04-01' }),
      makePlan(3, { name: 'march', start_date: '2025-03-01' }),
    ];
    expect(byStartDate(plans).map((plan) => plan.name)).toEqual(['march', 'april', 'undated']);
  });
});

describe('ingredient check and complete', () => {
  const check = {
    recipes: [
      makeCheckRecipe('Soup', {
        entries: [{ day: 0, index: 0 }],
        recipe_ingredients: [
          makeCheckIngredient('Carrot', { ingredient_id: 12, value: '12', quantity: 3, measurement: 'unit(s)' }),
          makeCheckIngredient('a pinch of saffron', { ingredient_id: null, value: 'CUSTOM-saffron', quantity: null, measurement: '' }),
        ],
      }),
      makeCheckRecipe('Stew', {
        entries: [{ day: 1, index: 0 }],
        recipe_ingredients: [
          makeCheckIngredient('Carrot', {
            ingredient_id: 12,
            stock: [
              { store_id: 1, store_name: 'Pantry', item_id: 40, quantity: 5, unit: 'unit', date_added: '2025-03-01T00:00:00Z', expiry_date: '2025-03-15' },
            ],
          }),
        ],
      }),
    ],
    lists: [],
  };

  it('merges catalogue ingredients by id and unmatched lines as custom items, with quantity and unit when known', () => {
    expect(mergeItems(check, new Set([tickKey(0, 0), tickKey(0, 1)]))).toEqual([
      { value: 12, quantity: 3, unit: 'unit(s)' },
      { value: 'CUSTOM-saffron', name: 'a pinch of saffron' },
    ]);
    expect(mergeItems(check, new Set())).toEqual([]);
  });

  it("'complete' needs a ticked recipe, and a new start date when rescheduling", () => {
    const base = { ticked: new Set<string>(), adjust: true, reschedule: false, start: '', useItems: new Set<number>() };
    expect(canComplete(base)).toBe(false);
    expect(canComplete({ ...base, ticked: new Set(['0:0']) })).toBe(true);
    expect(canComplete({ ...base, ticked: new Set(['0:0']), reschedule: true })).toBe(false);
    expect(canComplete({ ...base, ticked: new Set(['0:0']), reschedule: true, start: '2025-04-01' })).toBe(true);
  });

  it('sends the ticked recipes by place, the chosen stock and the new start', () => {
    const plan = makePlan(1, {
      days: 2,
      recipes: [
        { day: 0, date: null, recipes: [makeEntry('Soup'), makeEntry('Bread')] },
        { day: 1, date: null, recipes: [makeEntry('Stew')] },
      ],
    });
    const choices = { ticked: new Set(['0:1', '1:0']), adjust: true, reschedule: true, start: '2025-04-01', useItems: new Set([40]) };
    expect(completePayload(plan, choices)).toEqual({
      recipes: [
        { day: 0, index: 1 },
        { day: 1, index: 0 },
      ],
      adjust_stock: true,
      use_items: [40],
      reschedule_start: '2025-04-01',
    });
    expect(completePayload(plan, { ...choices, adjust: false, reschedule: false })).toMatchObject({
      adjust_stock: false,
      use_items: null,
      reschedule_start: null,
    });
    expect(stockFor(check, new Set(['1:0'])).map((choice) => choice.stock.item_id)).toEqual([40]);
    expect(stockFor(check, new Set(['0:0']))).toEqual([]);
  });
});
