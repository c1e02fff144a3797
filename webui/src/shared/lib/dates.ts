/**
 * Calendar dates as the app shows them: en-GB, DD/MM/YYYY (spec part 2 §9, 'Dates display in
 * en-GB style'). A calendar date from the server ('2025-03-09') is shown as it is, never moved
 * through a time zone.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** '2025-03-09' (or a timestamp starting so) → '09/03/2025'; '' for text that is not a date. */
export function formatDay(value: string | null | undefined): string {
  const match = value ? DAY.exec(value) : null;
  if (!match) return '';
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

/** The calendar day of `date` in the reader's time zone, as 'YYYY-MM-DD'. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const EN_GB = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** 'DD/MM/YYYY' as typed (also D/M/YYYY, with dots or dashes) → 'YYYY-MM-DD'; null unless a real day. */
export function parseDay(text: string): string | null {
  const match = EN_GB.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
