import { describe, expect, it } from 'vitest';
import { formatDay, localDay, parseDay } from './dates';

describe('formatDay', () => {
  it.each([
    ['2025-03-09', '09/03/2025'],
    ['2025-12-31T23:30:00Z', '31/12/2025'],
    ['', ''],
    [null, ''],
    ['soon', ''],
  ])('%s → %s', (value, text) => {
    expect(formatDay(value)).toBe(text);
  });
});

describe('parseDay', () => {
  it.each([
    ['09/03/2025', '2025-03-09'],
    ['9/3/2025', '2025-03-09'],
    [' 29.02.2024 ', '2024-02-29'],
    ['31-12-2025', '2025-12-31'],
    ['29/02/2025', null],
    ['31/04/2025', null],
    ['2025-03-09', null],
    ['', null],
  ])('%s → %s', (text, day) => {
    expect(parseDay(text)).toBe(day);
  });
});

describe('localDay', () => {
  it("is the reader's calendar day", () => {
    expect(localDay(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
