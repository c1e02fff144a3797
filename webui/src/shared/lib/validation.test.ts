import { describe, expect, it } from 'vitest';
import { isEmail, isPlainName } from './validation';

describe('isPlainName', () => {
  it.each([
    ['Weekly shop', true],
    ['Shop 2', true],
    ['  Aldi  ', true],
    ['Épicerie fine', true],
    ['Bäckerei', true],
    ['', false],
    ['   ', false],
    ['Mum & Dad', false],
    ['shop!', false],
    ['tesco_run', false],
    ['two  spaces', true],
  ])("'%s' → %s", (name, plain) => {
    expect(isPlainName(name)).toBe(plain);
  });
});

describe('isEmail', () => {
  it('wants x@y.z', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
  });
});
