import { describe, expect, it } from 'vitest';
import { filterOptions } from './filters';

describe('filterOptions', () => {
  const options = [{ name: 'Red Lentils' }, { name: 'Onion' }, { name: 'Lentil flour' }];
  it('filters from 3 characters by case-insensitive containment; shorter or empty shows all', () => {
    expect(filterOptions(options, '')).toHaveLength(3);
    expect(filterOptions(options, 'le')).toHaveLength(3);
    expect(filterOptions(options, 'LENT').map((o) => o.name)).toEqual(['Red Lentils', 'Lentil flour']);
    expect(filterOptions(options, 'xyz')).toEqual([]);
  });
});
