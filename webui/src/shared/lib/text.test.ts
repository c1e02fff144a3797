import { describe, expect, it } from 'vitest';
import { oneLine } from './text';

describe('oneLine', () => {
  it('makes one line without control characters or hidden marks, cut by characters', () => {
    expect(oneLine(' Gran’s\tspice\r\nmix ', 100)).toBe('Gran’s spice mix');
    expect(oneLine('x\u202eevil\u0000\u2028', 100)).toBe('x evil');
    expect(oneLine(`${'a'.repeat(9)}😀😀`, 10)).toBe(`${'a'.repeat(9)}😀`);
  });
});
