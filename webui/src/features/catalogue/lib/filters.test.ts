import { describe, expect, it } from 'vitest';
import { filterOptions, withPreferences } from './filters';

describe('filterOptions', () => {
  const options = [{ name: 'Red Lentils' }, { name: 'Onion' }, { name: 'Lentil flour' }];
  it('filters from 3 characters by case-insensitive containment; shorter or empty shows all', () => {
    expect(filterOptions(options, '')).toHaveLength(3);
    expect(filterOptions(options, 'le')).toHaveLength(3);
    expect(filterOptions(options, 'LENT').map((o) => o.name)).toEqual(['Red Lentils', 'Lentil flour']);
    expect(filterOptions(options, 'xyz')).toEqual([]);
  });
});

describe('withPreferences', () => {
  it('adds an include-preference filter for each preference not named yet, keeping the rest', () => {
    const lentils = { value: 1, name: 'Red lentils', type: 'ingredient' as const, includeExclude: 'include' as const };
    const vegan = { value: 'vegan', name: 'vegan', type: 'preference' as const, includeExclude: 'include' as const };
    expect(withPreferences([lentils], [])).toEqual([lentils]);
    expect(withPreferences([lentils, vegan], ['vegan', 'gluten_free'])).toEqual([
      lentils,
      vegan,
      { value: 'gluten_free', name: 'gluten_free', type: 'preference', includeExclude: 'include' },
    ]);
  });
});
