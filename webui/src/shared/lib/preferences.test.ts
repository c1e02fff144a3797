import { describe, expect, it } from 'vitest';
import { FILTER_PREFERENCES, isFilterPreference, preferenceLabel, userPreferences } from './preferences';

describe('preferences', () => {
  it.each([
    ['vegan', 'Vegan'],
    ['vegetarian', 'Vegetarian'],
    ['gluten_free', 'Gluten free'],
    ['sugar_free', 'Sugar free'],
    ['dairy_free', 'Dairy free'],
    ['halal', 'halal'],
  ])('labels %s as %s', (value, label) => {
    expect(preferenceLabel(value)).toBe(label);
  });

  it('knows the five ids and reads them off a user in canonical order', () => {
    expect(FILTER_PREFERENCES.map((p) => p.value)).toEqual(['vegetarian', 'vegan', 'gluten_free', 'sugar_free', 'dairy_free']);
    expect(isFilterPreference('gluten_free')).toBe(true);
    expect(isFilterPreference('Gluten free')).toBe(false);
    expect(userPreferences({ preferences: ['dairy_free', 'x', 'vegan'] })).toEqual(['vegan', 'dairy_free']);
    expect(userPreferences(null)).toEqual([]);
  });
});
