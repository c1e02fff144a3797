import { describe, expect, it } from 'vitest';
import { formatTimer, parseTimer } from './timer';

describe('timer', () => {
  it('parses HH:MM:SS and formats with a leading minus sign when negative', () => {
    expect(parseTimer('01:02:03')).toBe(3723);
    expect(parseTimer(null)).toBe(0);
    expect(parseTimer('xx')).toBe(0);
    expect(formatTimer(3723)).toBe('01:02:03');
    expect(formatTimer(0)).toBe('00:00:00');
    expect(formatTimer(-3)).toBe('-00:00:03');
    expect(formatTimer(-3661)).toBe('-01:01:01');
  });
});
