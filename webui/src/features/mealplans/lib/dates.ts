import { formatDay } from '@/shared/lib/dates';
import type { MealPlan } from '@/shared/api';

/**
 * Calendar-date arithmetic of plans on 'YYYY-MM-DD' strings (part 2 §4 'Schedule', §5): computed
 * in UTC, so a day is always a day (no time zone, no summer-time hour) across months, leap years
 * and year ends.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function toUtc(day: string): number | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return time;
}

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isDay(value: string | null | undefined): value is string {
  return typeof value === 'string' && toUtc(value) !== null;
}

/** `day` plus `count` days ('2024-02-28' + 1 = '2024-02-29'); '' when `day` is not a date. */
export function addDays(day: string, count: number): string {
  const time = toUtc(day);
  if (time === null) return '';
  return new Date(time + count * DAY_MS).toISOString().slice(0, 10);
}

/** The days from `start` to `end`, both counted (number_of_days = end - start + 1); null unless both are dates. */
export function dayCount(start: string, end: string): number | null {
  const [from, to] = [toUtc(start), toUtc(end)];
  if (from === null || to === null) return null;
  return Math.round((to - from) / DAY_MS) + 1;
}

/** The last day of a plan of `days` days from `start`: start + (days - 1). */
export function endOf(start: string, days: number): string {
  return addDays(start, Math.max(1, days) - 1);
}

/** 'DD/MM/YYYY - DD/MM/YYYY' of a dated plan, or '{n} days' ('1 day') of one without dates. */
export function planSpan(plan: Pick<MealPlan, 'start_date' | 'end_date' | 'days'>): string {
  if (plan.start_date && plan.end_date) return `${formatDay(plan.start_date)} - ${formatDay(plan.end_date)}`;
  return plan.days === 1 ? '1 day' : `${plan.days} days`;
}

/**
 * The plan the food diary is about on `today`: the one covering today, else the next to start,
 * else the one that ended last; among plans without dates, the one changed last when no plan has
 * dates.
 */
export function currentPlan<P extends Pick<MealPlan, 'start_date' | 'end_date' | 'updated_at'>>(
  plans: readonly P[],
  today: string,
): P | null {
  const dated = plans.filter((plan) => isDay(plan.start_date) && isDay(plan.end_date));
  const covering = dated
    .filter((plan) => plan.start_date! <= today && today <= plan.end_date!)
    .sort((a, b) => b.start_date!.localeCompare(a.start_date!));
  if (covering[0]) return covering[0];
  const upcoming = dated.filter((plan) => plan.start_date! > today).sort((a, b) => a.start_date!.localeCompare(b.start_date!));
  if (upcoming[0]) return upcoming[0];
  const past = [...dated].sort((a, b) => b.end_date!.localeCompare(a.end_date!));
  if (past[0]) return past[0];
  return [...plans].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0] ?? null;
}
