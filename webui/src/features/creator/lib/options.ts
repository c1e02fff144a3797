import { COUNT_UNIT, MEASUREMENT_UNITS } from '@/shared/lib/quantity';

/** The measurement units of a recipe ingredient (spec part 1 §3, Measurement units). */
export const UNITS = MEASUREMENT_UNITS;

/** The preparation words of a recipe ingredient (spec part 1 §3, Preparation words). */
export const TREATMENTS = [
  'whole',
  'crushed',
  'powdered',
  'muddled',
  'diced',
  'peeled',
  'sliced',
  'cooked',
  'melted',
  'boiled',
  'grated',
] as const;

export const DEFAULT_UNIT = COUNT_UNIT;

/** Option list filtering starts at this many typed characters (spec §5, §9). */
export const OPTION_FILTER_MIN = 3;

export function isUnit(value: unknown): value is (typeof UNITS)[number] {
  return typeof value === 'string' && (UNITS as readonly string[]).includes(value);
}

export function isTreatment(value: unknown): value is (typeof TREATMENTS)[number] {
  return typeof value === 'string' && (TREATMENTS as readonly string[]).includes(value);
}

/**
 * The options an add list shows for `search`: all of them below 3 typed characters (an empty input
 * resets the list), else those whose name contains the text, ignoring case.
 */
export function filterOptions<T extends { name: string }>(options: readonly T[], search: string): T[] {
  const text = search.trim().toLowerCase();
  if (text.length < OPTION_FILTER_MIN) return [...options];
  return options.filter((option) => option.name.toLowerCase().includes(text));
}
