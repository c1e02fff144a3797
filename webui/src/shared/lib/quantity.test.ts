import { describe, expect, it } from 'vitest';
import { countedName, formatAmount, formatQuantity, MEASUREMENT_UNITS, pluralise, typedAmount } from './quantity';

describe('formatAmount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [2, '2'],
    [200, '200'],
    [1500, '1500'],
    [1000000, '1000000'],
    [0.5, '½'],
    [0.25, '¼'],
    [0.75, '¾'],
    [1 / 3, '⅓'],
    [0.33, '⅓'],
    [0.333, '⅓'],
    [0.34, '⅓'],
    [2 / 3, '⅔'],
    [0.66, '⅔'],
    [0.67, '⅔'],
    [0.125, '⅛'],
    [0.375, '⅜'],
    [0.625, '⅝'],
    [0.875, '⅞'],
    [1.5, '1½'],
    [2.25, '2¼'],
    [3.75, '3¾'],
    [10.5, '10½'],
    [1.33, '1⅓'],
    [0.3, '0.3'],
    [0.1, '0.1'],
    [0.2, '0.2'],
    [0.45, '0.45'],
    [0.9, '0.9'],
    [2.456, '2.46'],
    [1.1, '1.1'],
    [12.45, '12.45'],
    [12.34, '12⅓'],
    [1.999, '2'],
    [1.001, '1'],
    [0.005, '0.005'],
    [0.0012, '0.0012'],
    [-0.5, '-½'],
  ])('%s → %s', (quantity, expected) => {
    expect(formatAmount(quantity)).toBe(expected);
  });

  it('passes non-finite numbers through', () => {
    expect(formatAmount(Number.NaN)).toBe('NaN');
  });
});

describe('formatQuantity', () => {
  it.each([
    // the product issue's examples
    [0.25, 'tsp', undefined, '¼ tsp'],
    [1.5, 'cup(s)', undefined, '1½ cups'],
    [0.5, 'cup(s)', undefined, '½ cup'],
    [1, 'cup(s)', undefined, '1 cup'],
    [2, 'cup(s)', undefined, '2 cups'],
    [1, 'unit(s)', 'Egg', '1 egg'],
    [2, 'unit(s)', 'Egg', '2 eggs'],
    // part 2's default unit 'unit' counts like unit(s)
    [1, 'unit', 'Lettuce', '1 lettuce'],
    [3, 'unit', 'Tomato', '3 tomatoes'],
    [2, 'unit', undefined, '2'],
    // every unit
    [2, 'unit(s)', undefined, '2'],
    [1.5, 'kg', undefined, '1½ kg'],
    [200, 'g', undefined, '200 g'],
    [250, 'mg', undefined, '250 mg'],
    [1.5, 'l', undefined, '1½ l'],
    [0.75, 'l', undefined, '¾ l'],
    [100, 'ml', undefined, '100 ml'],
    [0.33, 'cup(s)', undefined, '⅓ cup'],
    [1, 'rasher(s)', undefined, '1 rasher'],
    [3, 'rasher(s)', undefined, '3 rashers'],
    [0.5, 'rasher(s)', undefined, '½ rasher'],
    [2, 'tsp', undefined, '2 tsp'],
    [1.5, 'tbsp', undefined, '1½ tbsp'],
    [2, 'tbsp', undefined, '2 tbsp'],
    // plural by the value shown
    [1.001, 'cup(s)', undefined, '1 cup'],
    [1.25, 'cup(s)', undefined, '1¼ cups'],
    [0, 'cup(s)', undefined, '0 cup'],
    // with a name: metric and spoon units keep the name as it is
    [200, 'g', 'Red lentils', '200 g Red lentils'],
    [2, 'tsp', 'Cumin', '2 tsp Cumin'],
    [2, 'cup(s)', 'Lentils', '2 cups Lentils'],
    [2.5, 'kg', 'Potatoes', '2½ kg Potatoes'],
    [0.005, 'mg', 'Saffron', '0.005 mg Saffron'],
    [1000, 'ml', 'Stock', '1000 ml Stock'],
    // weighed and measured amounts: no gram or millilitre rounded away
    [1.225, 'kg', 'Flour', '1.225 kg Flour'],
    [1.001, 'kg', undefined, '1.001 kg'],
    [0.333, 'l', undefined, '0.333 l'],
    [2.456, 'g', undefined, '2.456 g'],
    [1.25, 'kg', undefined, '1¼ kg'],
    // unit(s): no unit word; the name lower-cased and counted
    [1, 'unit(s)', 'Onion', '1 onion'],
    [3, 'unit(s)', 'Tomato', '3 tomatoes'],
    [0.5, 'unit(s)', 'Lemon', '½ lemon'],
    [1.5, 'unit(s)', 'Lemon', '1½ lemons'],
    [2, 'unit(s)', 'Cherry', '2 cherries'],
    [2, 'unit(s)', 'Peach', '2 peaches'],
    [2, 'unit(s)', 'Radish', '2 radishes'],
    [2, 'unit(s)', 'Box', '2 boxes'],
    [2, 'unit(s)', 'Bay leaf', '2 bay leaf'],
    [2, 'unit(s)', 'Leaf', '2 leaves'],
    [2, 'unit(s)', 'Spring onion', '2 spring onion'],
    [2, 'unit(s)', 'Cloves of garlic', '2 cloves of garlic'],
    [12, 'unit(s)', 'Eggs', '12 eggs'],
    [2, 'unit(s)', '  Egg ', '2 eggs'],
    [2, 'unit(s)', '', '2'],
    // an unknown or empty unit is shown as it is
    [1, 'pinch', 'Salt', '1 pinch Salt'],
    [3, '', 'Apples', '3 Apples'],
    [2, ' cup(s) ', undefined, '2 cups'],
  ])('%s %s %s → %s', (quantity, unit, name, expected) => {
    expect(formatQuantity(quantity, unit, name)).toBe(expected);
  });

  it('knows all ten units: none of them is shown as written with (s)', () => {
    expect(MEASUREMENT_UNITS).toHaveLength(10);
    for (const unit of MEASUREMENT_UNITS) {
      expect(formatQuantity(1, unit)).not.toContain('(s)');
      expect(formatQuantity(2, unit, 'Egg')).not.toContain('(s)');
    }
  });
});

describe('pluralise', () => {
  it.each([
    ['egg', 'eggs'],
    ['apple', 'apples'],
    ['tomato', 'tomatoes'],
    ['potato', 'potatoes'],
    ['avocado', 'avocados'],
    ['kiwi', 'kiwis'],
    ['berry', 'berries'],
    ['day', 'days'],
    ['peach', 'peaches'],
    ['dish', 'dishes'],
    ['box', 'boxes'],
    ['glass', 'glasses'],
    ['asparagus', 'asparaguses'],
    ['oats', 'oats'],
    ['leaf', 'leaves'],
    ['fish', 'fish'],
    ['', ''],
  ])('%s → %s', (word, expected) => {
    expect(pluralise(word)).toBe(expected);
  });

  it('counts single-word names only and lower-cases them', () => {
    expect(countedName('Egg', 1)).toBe('egg');
    expect(countedName('Egg', 2)).toBe('eggs');
    expect(countedName('Green Pepper', 2)).toBe('green pepper');
  });
});

describe('typedAmount', () => {
  it.each([
    ['1 kg flour', { quantity: 1, unit: 'kg', name: 'flour' }],
    ['500g mince', { quantity: 500, unit: 'g', name: 'mince' }],
    ['1,5 l milk', { quantity: 1.5, unit: 'l', name: 'milk' }],
    ['6 eggs', { quantity: 6, unit: null, name: 'eggs' }],
    ['2 cups rice', { quantity: 2, unit: 'cup(s)', name: 'rice' }],
    ['3 large onions', { quantity: 3, unit: null, name: 'large onions' }],
    ['flour', null],
    ['0 kg flour', null],

  ])('%s', (text, expected) => {
    expect(typedAmount(text)).toEqual(expected);
  });
});
