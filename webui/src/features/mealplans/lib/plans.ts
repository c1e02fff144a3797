import { canEditPlan, type MealPlan, type MealPlanPayload, type PlanDay, type PlanDayIn, type PlanEntry } from '@/shared/api';
import { isPlainName } from '@/shared/lib/validation';
import { addDays, dayCount, endOf, isDay } from './dates';
import { FIRST_DAY, LAST_DAY, LIMIT_TEXTS, MAX_DAYS, RECIPES_PER_DAY_MAX } from './limits';
import { PLAN_TEXTS } from './texts';

export { MAX_DAYS, RECIPES_PER_DAY_MAX } from './limits';

/** The draft length of a new plan (part 2 §3, §9). */
export const DEFAULT_DAYS = 3;
/** Changes to a plan's days are saved this long after the last one (part 2 §4, §9). */
export const AUTOSAVE_DELAY_MS = 500;

// -- the create dialog's rules (part 2 §5) ----------------------------------------------------------

export interface PlanDraft {
  name: string;
  /** 'YYYY-MM-DD' or ''. */
  start: string;
  end: string;
  /** The number typed while no date is set. */
  days: number | string;
}

export const EMPTY_DRAFT: PlanDraft = { name: '', start: '', end: '', days: DEFAULT_DAYS };

/** The name's message: letters, digits and spaces only (an empty name says nothing but does not pass). */
export function nameError(name: string): string | null {
  return name.trim() === '' || isPlainName(name) ? null : PLAN_TEXTS.nameChars;
}

/** 'An end date is required' when a start date has no end date. */
export function endError(draft: PlanDraft): string | null {
  return draft.start && !draft.end ? PLAN_TEXTS.endRequired : null;
}

/** True for a day a plan may cover ('YYYY-MM-DD' strings compare as dates). */
export function inRange(day: string): boolean {
  return FIRST_DAY <= day && day <= LAST_DAY;
}

/**
 * What is wrong with the draft's length or dates, as the server says it: more than MAX_DAYS days,
 * or a date outside FIRST_DAY..LAST_DAY. Null while the dates are incomplete or the wrong way round
 * (the other messages cover those).
 */
export function spanError(draft: PlanDraft): string | null {
  if (isDay(draft.start) && !inRange(draft.start)) return LIMIT_TEXTS.outOfRange;
  if (isDay(draft.end) && !inRange(draft.end)) return LIMIT_TEXTS.outOfRange;
  if (isDay(draft.start) && isDay(draft.end)) {
    const days = dayCount(draft.start, draft.end);
    return days !== null && days > MAX_DAYS ? LIMIT_TEXTS.tooLong : null;
  }
  if (draft.start || draft.end) return null;
  const typed = typeof draft.days === 'number' ? draft.days : Number(draft.days);
  return Number.isInteger(typed) && typed > MAX_DAYS ? LIMIT_TEXTS.tooLong : null;
}

/** Why a plan of `days` days cannot start on `start` (the schedule dialog), or null. */
export function scheduleError(start: string, days: number): string | null {
  if (!isDay(start)) return null;
  if (days > MAX_DAYS) return LIMIT_TEXTS.tooLong;
  return inRange(start) && inRange(endOf(start, days)) ? null : LIMIT_TEXTS.outOfRange;
}

/** True once a day holds as many recipes as a day may: its 'add' control gives way to a note. */
export function dayFull(day: Pick<PlanDay, 'recipes'>): boolean {
  return day.recipes.length >= RECIPES_PER_DAY_MAX;
}

/** The plan's length: end - start + 1 once both dates are set, else the typed number. */
export function draftDays(draft: PlanDraft): number | null {
  if (draft.start && draft.end) return dayCount(draft.start, draft.end);
  const typed = typeof draft.days === 'number' ? draft.days : Number(draft.days);
  return Number.isInteger(typed) && typed >= 1 && typed <= MAX_DAYS ? typed : null;
}

/**
 * Create is enabled only with a valid name and, when a start date is given, an end date not before
 * it (or, without dates, a number of days); an end date alone does not make a plan either.
 */
export function draftValid(draft: PlanDraft): boolean {
  if (draft.name.trim() === '' || nameError(draft.name)) return false;
  if (draft.start || draft.end) {
    if (!isDay(draft.start) || !isDay(draft.end)) return false;
  }
  if (spanError(draft)) return false;
  const days = draftDays(draft);
  return days !== null && days >= 1 && days <= MAX_DAYS;
}

/** The days of a draft (empty), dated from its start when it has one. */
export function draftPlanDays(draft: PlanDraft): PlanDay[] {
  const length = draftDays(draft) ?? 0;
  // Dates the wrong way round, or further apart than a plan may be: no days yet.
  const count = length >= 1 && length <= MAX_DAYS ? length : 0;
  return Array.from({ length: count }, (_, day) => ({
    day,
    date: draft.start && draft.end ? addDays(draft.start, day) : null,
    recipes: [],
  }));
}

// -- what the user may do (part 2 §2 'Meal plan action menu', §6) -----------------------------------

export type PlanAction = 'edit' | 'schedule' | 'complete' | 'check ingredients' | 'share' | 'delete' | 'remove';

/**
 * The action menu of a plan: 'edit', 'schedule' and 'complete' with edit rights, 'check
 * ingredients' always, 'share' for own plans, then 'delete' (own) or 'remove' (shared).
 */
export function planActions(plan: Pick<MealPlan, 'role'>): PlanAction[] {
  const actions: PlanAction[] = [];
  if (canEditPlan(plan)) actions.push('edit', 'schedule', 'complete');
  actions.push('check ingredients');
  if (plan.role === 'owner') actions.push('share', 'delete');
  else actions.push('remove');
  return actions;
}

// -- entries ----------------------------------------------------------------------------------------

/** One recipe of a day as sent: by the document, a custom entry with a name, a recipe by its id or a link. */
type PlanRecipeIn = NonNullable<PlanDayIn['recipes']>[number];

/** The days as PUT and POST send them: each day's number and recipes (the server dates them). */
export function daysPayload(days: readonly PlanDay[]): PlanDayIn[] {
  return days.map((day) => ({
    day: day.day,
    // The editor's entries are of those kinds by construction (the pickers make them so); the
    // types cannot tell which kind an entry is from its fields.
    recipes: day.recipes.map(({ name, value, image, type, checked }) => ({ name, value, image, type, checked }) as PlanRecipeIn),
  }));
}

/** The days with `entry` added at the end of day `day` (a full day stays as it is). */
export function withEntry(days: readonly PlanDay[], day: number, entry: PlanEntry): PlanDay[] {
  return days.map((d) => (d.day === day && !dayFull(d) ? { ...d, recipes: [...d.recipes, entry] } : d));
}

/** The days without the recipe at `index` of day `day`. */
export function withoutEntry(days: readonly PlanDay[], day: number, index: number): PlanDay[] {
  return days.map((d) => (d.day === day ? { ...d, recipes: d.recipes.filter((_, i) => i !== index) } : d));
}

/** Own plans by start date (plans without dates after the dated ones, by name). */
export function byStartDate<P extends Pick<MealPlan, 'start_date' | 'name'>>(plans: readonly P[]): P[] {
  return [...plans].sort((a, b) => {
    if (a.start_date && b.start_date) return a.start_date.localeCompare(b.start_date) || a.name.localeCompare(b.name);
    if (a.start_date) return -1;
    if (b.start_date) return 1;
    return a.name.localeCompare(b.name);
  });
}

/**
 * POST /user-mealplans/ of a valid draft: its name, dates (both or neither) and days. A dated plan's
 * length is its dates' span, so the count is sent only for an undated one (the document's rule).
 */
export function createPayload(draft: PlanDraft, days: readonly PlanDay[]): MealPlanPayload {
  const count = draftDays(draft) ?? DEFAULT_DAYS;
  const dated = isDay(draft.start) && isDay(draft.end);
  const recipes = daysPayload(days.filter((day) => day.day < count));
  if (dated) return { name: draft.name.trim(), start_date: draft.start, end_date: draft.end, recipes };
  return { name: draft.name.trim(), days: count, start_date: null, end_date: null, recipes };
}
