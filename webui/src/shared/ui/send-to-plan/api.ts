import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { oneLine } from '@/shared/lib/text';
import {
  isApiError,
  type MealPlan,
  type PlanDay,
  type MealPlanUpdatePayload,
  type PlanEntryIn,
  queryKeys,
  canEditPlan,
  mealPlanQueryOptions,
  mealPlansQueryOptions,
  updatePlan,
} from '@/shared/api';

/** One recipe of a day as a plan's PUT takes it: a custom entry, a recipe by its id or a link. */
type PlanRecipePayload = NonNullable<NonNullable<MealPlanUpdatePayload['recipes']>[number]['recipes']>[number];

/** The most recipes a day of a plan holds (the server refuses more). */
export const RECIPES_PER_DAY_MAX = 20;
/** The longest entry name and image reference a plan takes. */
export const ENTRY_NAME_MAX = 200;
export const ENTRY_IMAGE_MAX = 300;

/** What is added to a day: the recipe's name, its id (or URL), its picture and its entry type. */
export type NewPlanEntry = Required<Pick<PlanEntryIn, 'name' | 'value' | 'image' | 'type'>>;

/** The plans a recipe can be added to: own ones and those shared with edit rights. */
export function useEditablePlans(enabled = true) {
  return useQuery({
    ...mealPlansQueryOptions(),
    select: (answer) => answer.data.filter(canEditPlan),
    enabled,
  });
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + days)).toISOString().slice(0, 10);
}

/**
 * Every day of a plan in order, 0 to days - 1: as the server sent them, and a day it left out as
 * an empty one (dated from the start date when the plan is dated).
 */
export function planDays(plan: Pick<MealPlan, 'days' | 'start_date' | 'recipes'>): PlanDay[] {
  const byDay = new Map(plan.recipes.map((entry) => [entry.day, entry]));
  return Array.from({ length: plan.days }, (_, day) => {
    return (
      byDay.get(day) ?? {
        day,
        date: plan.start_date ? addDays(plan.start_date, day) : null,
        recipes: [],
      }
    );
  });
}

/** The day is not in the plan any more (it was shortened meanwhile), or it is full. */
export class DayUnavailableError extends Error {
  constructor() {
    super('The day cannot take another recipe.');
    this.name = 'DayUnavailableError';
  }
}

/**
 * The entry as a plan takes it: the name on one line of at most 200 characters, and no picture
 * rather than a reference too long to keep (an imported recipe's image URL may be).
 */
export function planEntry(entry: NewPlanEntry): NewPlanEntry {
  const image = entry.image && entry.image.length <= ENTRY_IMAGE_MAX ? entry.image : null;
  return { ...entry, name: oneLine(entry.name, ENTRY_NAME_MAX), image };
}

/** The PUT body that keeps every day of `plan` as it is and adds `entry` at the end of `day`. */
export function withEntry(plan: MealPlan, day: number, entry: NewPlanEntry): MealPlanUpdatePayload {
  const days = planDays(plan);
  const target = days.find((item) => item.day === day);
  if (!target || target.recipes.length >= RECIPES_PER_DAY_MAX) throw new DayUnavailableError();
  return {
    recipes: days.map((item) => ({
      day: item.day,
      date: item.date,
      recipes: [
        // Entries read from the plan and made by the pickers are of the kinds a plan takes; the
        // types cannot tell which kind from the fields.
        ...item.recipes.map(({ name, value, image, type, checked }) => ({ name, value, image, type, checked }) as PlanRecipePayload),
        ...(item.day === day ? [{ ...planEntry(entry), checked: false } as PlanRecipePayload] : []),
      ],
    })),
    updated_at: plan.updated_at,
  };
}

const isConflict = (error: unknown) => isApiError(error) && error.status === 409;

/**
 * Adds a recipe to a day of a plan: the plan as the server has it now (GET), then every day with
 * the new entry appended (PUT, with the version read). When someone changed the plan in between
 * (409), it is read and written once more; a second conflict is the caller's to tell.
 */
export async function addEntryToPlan(
  queryClient: QueryClient,
  planId: number,
  day: number,
  entry: NewPlanEntry,
): Promise<MealPlan> {
  for (let attempt = 0; ; attempt += 1) {
    const plan = await queryClient.fetchQuery({ ...mealPlanQueryOptions(planId), staleTime: 0 });
    try {
      return await updatePlan(queryClient, planId, withEntry(plan, day, entry));
    } catch (error) {
      if (attempt === 0 && isConflict(error)) continue;
      throw error;
    }
  }
}

/** Adds a recipe to a plan's day; the plans (and the dashboard's meals) are fetched again after. */
export function useAddToPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, day, entry }: { planId: number; day: number; entry: NewPlanEntry }) =>
      addEntryToPlan(queryClient, planId, day, entry),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    },
  });
}
