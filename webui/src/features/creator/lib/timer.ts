/** Each timer field (hours, minutes, seconds) holds at most this many digits (spec §5, §9). */
export const TIMER_FIELD_MAX = 2;

export const TIMER_RANGE_MESSAGE = 'Minutes and seconds go up to 59.';

export interface TimerFields {
  hours: string;
  minutes: string;
  seconds: string;
}

export const EMPTY_TIMER: TimerFields = { hours: '', minutes: '', seconds: '' };

const FIELD_PATTERN = /^\d{0,2}$/;

/** Whether a typed field value is accepted: digits only, at most 2 characters. */
export function acceptsTimerField(value: string): boolean {
  return FIELD_PATTERN.test(value);
}

const pad = (value: string) => (value || '0').padStart(TIMER_FIELD_MAX, '0');

/**
 * The three fields as HH:MM:SS padded with zeros (1, 5, 0 -> '01:05:00'); null when nothing was
 * entered or the total is zero (no timer).
 */
export function composeTimer({ hours, minutes, seconds }: TimerFields): string | null {
  if (!hours && !minutes && !seconds) return null;
  const timer = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return timer === '00:00:00' ? null : timer;
}

/** The fields of a stored 'HH:MM:SS' timer (empty fields when there is none or it is unreadable). */
export function splitTimer(timer: string | null | undefined): TimerFields {
  const match = /^(\d{1,2}):(\d{1,2}):(\d{1,2})$/.exec(timer?.trim() ?? '');
  if (!match) return { ...EMPTY_TIMER };
  return { hours: match[1] ?? '', minutes: match[2] ?? '', seconds: match[3] ?? '' };
}

/** The range problem of the fields (minutes or seconds above 59), if any. */
export function timerFieldsError({ minutes, seconds }: TimerFields): string | null {
  return Number(minutes || 0) > 59 || Number(seconds || 0) > 59 ? TIMER_RANGE_MESSAGE : null;
}
