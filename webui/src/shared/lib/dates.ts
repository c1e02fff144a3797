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
