import { describe, expect, it } from 'vitest';
import type { ScanLine } from '../api/receiptScan';
import { INGREDIENTS, makeStore } from '../testData';
import {
  canConfirm,
  draftsFrom,
  learnedMatches,
  preselectedStore,
  priceText,
  quantityError,
  stockItems,
  unitChoices,
  withPick,
  writableStores,
} from './scan';

const MILK = INGREDIENTS[0]!;
const CARROT = INGREDIENTS[1]!;

function line(name: string, overrides: Partial<ScanLine> = {}): ScanLine {
  const empty = { matchedItem: null, quantity: 1, unit: 'unit(s)', price: 1, currency: null, sku: null, checked: false };
  return { name, ...empty, ...overrides };
}

describe('scan drafts', () => {
  it('start ticked only when matched, with a quantity of at least 1', () => {
    const drafts = draftsFrom([
      line('MILK', { matchedItem: MILK, checked: true, quantity: 2 }),
      line('CANDLES', { checked: true }),
      line('ODD', { matchedItem: MILK, checked: false, quantity: 0 }),
    ]);
    expect(drafts.map((draft) => draft.ticked)).toEqual([true, false, false]);
    expect(drafts.map((draft) => draft.quantity)).toEqual([2, 1, 1]);
  });

  it('a pick ticks the line: an ingredient brings its default unit, a custom item keeps the unit', () => {
    const [draft] = draftsFrom([line('CANDLES', { unit: 'g' })]);
    expect(withPick(draft!, CARROT)).toMatchObject({ match: CARROT, customName: null, unit: 'unit', ticked: true });
    expect(withPick(draft!, { name: '  Tea lights ' })).toMatchObject({
      match: null,
      customName: 'Tea lights',
      unit: 'g',
      ticked: true,
    });
    expect(withPick(draft!, { name: 'x'.repeat(150) }).customName).toHaveLength(100);
  });

  it('quantities below 1 (or empty) say the spec minimum', () => {
    expect(quantityError(1)).toBeNull();
    expect(quantityError(2.5)).toBeNull();
    expect(quantityError(0)).toBe('The quantity must be at least 1.');
    expect(quantityError(0.5)).toBe('The quantity must be at least 1.');
    expect(quantityError('')).toBe('The quantity must be at least 1.');
    expect(quantityError(100_001)).toBe('The quantity may be at most 100000.');
  });

  it('Confirm needs a store and a ticked line, every ticked line with a valid quantity', () => {
    const drafts = draftsFrom([line('MILK', { matchedItem: MILK, checked: true }), line('CANDLES')]);
    expect(canConfirm(drafts, 1)).toBe(true);
    expect(canConfirm(drafts, null)).toBe(false);
    expect(canConfirm(drafts.map((draft) => ({ ...draft, ticked: false })), 1)).toBe(false);
    expect(canConfirm([{ ...drafts[0]!, quantity: 0 }, drafts[1]!], 1)).toBe(false);
    // An unticked line's bad quantity does not matter.
    expect(canConfirm([drafts[0]!, { ...drafts[1]!, quantity: 0 }], 1)).toBe(true);
  });

  it('stock is the ticked lines; matches learned are the ticked catalogue ones, once per printed name', () => {
    const drafts = draftsFrom([
      line('MILK', { matchedItem: MILK, checked: true, unit: 'ml', quantity: 2 }),
      line('CANDLES'),
      line('CARROTS', { matchedItem: CARROT, checked: true, unit: 'unit' }),
      line('MILK', { matchedItem: MILK, checked: true, unit: 'ml' }),
    ]);
    drafts[1] = withPick(drafts[1]!, { name: 'Candles' });
    drafts[2] = { ...drafts[2]!, ticked: false };
    expect(stockItems(drafts)).toEqual([
      { value: 11, quantity: 2, unit: 'ml' },
      { name: 'Candles', quantity: 1, unit: 'unit(s)' },
      { value: 11, quantity: 1, unit: 'ml' },
    ]);
    expect(learnedMatches(drafts)).toEqual([{ name: 'MILK', value: 11 }]);
  });
});

describe('scan stores and texts', () => {
  it('offers own and edit-shared stores; preselects the starting store, else the default, else the only one', () => {
    const stores = [
      makeStore(1, { name: 'Pantry' }),
      makeStore(2, { name: 'Fridge', default: true }),
      makeStore(3, { role: 'viewer' }),
      makeStore(4, { role: 'editor' }),
    ];
    const writable = writableStores(stores);
    expect(writable.map((store) => store.id)).toEqual([1, 2, 4]);
    expect(preselectedStore(writable)).toBe(2);
    expect(preselectedStore(writable, 4)).toBe(4);
    expect(preselectedStore(writable, 3)).toBe(2);
    expect(preselectedStore([makeStore(7)])).toBe(7);
    expect(preselectedStore([makeStore(7), makeStore(8)])).toBeNull();
  });

  it('units are the 10 measurement units, with the line own unit first when it is another', () => {
    expect(unitChoices('g')).toHaveLength(10);
    expect(unitChoices('unit')).toEqual(['unit', ...unitChoices('unit(s)')]);
    expect(unitChoices('unit(s)')).toEqual(['unit(s)', 'kg', 'g', 'mg', 'l', 'ml', 'cup(s)', 'rasher(s)', 'tsp', 'tbsp']);
  });

  it('prices read as printed', () => {
    expect(priceText({ price: 3.5, currency: '€' })).toBe('3.50 €');
    expect(priceText({ price: 1.99, currency: '£' })).toBe('£1.99');
    expect(priceText({ price: 2, currency: 'RM' })).toBe('2.00 RM');
    expect(priceText({ price: 2, currency: null })).toBe('2.00');
    expect(priceText({ price: null, currency: '$' })).toBeNull();
  });
});
