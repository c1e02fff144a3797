import { describe, expect, it } from 'vitest';
import { acceptsTimerField, composeTimer, splitTimer, TIMER_RANGE_MESSAGE, timerFieldsError } from './timer';

describe('step timer fields', () => {
  it('combines the three fields as HH:MM:SS padded with zeros', () => {
    expect(composeTimer({ hours: '1', minutes: '5', seconds: '0' })).toBe('01:05:00');
    expect(composeTimer({ hours: '', minutes: '30', seconds: '' })).toBe('00:30:00');
    expect(composeTimer({ hours: '12', minutes: '00', seconds: '9' })).toBe('12:00:09');
  });

  it('gives no timer when nothing (or only zeros) was entered', () => {
    expect(composeTimer({ hours: '', minutes: '', seconds: '' })).toBeNull();
    expect(composeTimer({ hours: '0', minutes: '00', seconds: '' })).toBeNull();
  });

  it('accepts digits only, at most 2 characters', () => {
    expect(acceptsTimerField('')).toBe(true);
    expect(acceptsTimerField('7')).toBe(true);
    expect(acceptsTimerField('45')).toBe(true);
    expect(acceptsTimerField('123')).toBe(false);
    expect(acceptsTimerField('a')).toBe(false);
    expect(acceptsTimerField('1.')).toBe(false);
    expect(acceptsTimerField('-1')).toBe(false);
    expect(acceptsTimerField(' 1')).toBe(false);
  });

  it('splits a stored timer back into fields', () => {
    expect(splitTimer('01:05:00')).toEqual({ hours: '01', minutes: '05', seconds: '00' });
    expect(splitTimer(null)).toEqual({ hours: '', minutes: '', seconds: '' });
    expect(splitTimer('soon')).toEqual({ hours: '', minutes: '', seconds: '' });
  });

  it('refuses minutes or seconds above 59 (the server stores HH:MM:SS)', () => {
    expect(timerFieldsError({ hours: '99', minutes: '59', seconds: '59' })).toBeNull();
    expect(timerFieldsError({ hours: '', minutes: '60', seconds: '' })).toBe(TIMER_RANGE_MESSAGE);
    expect(timerFieldsError({ hours: '', minutes: '', seconds: '75' })).toBe(TIMER_RANGE_MESSAGE);
  });
});
