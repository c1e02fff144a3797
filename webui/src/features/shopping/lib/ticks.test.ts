import { describe, expect, it } from 'vitest';
import { makeItem } from '../testData';
import { groupItems, listAsText } from './items';
import { itemsSignature, readTicks, ticksKey, writeTicks } from './ticks';

const items = [makeItem('1'), makeItem('2', { quantity: 500 }), makeItem('CUSTOM-4', { name: 'Candles' })];

describe('ticks kept under the list name', () => {
  it('stores the ticked values under the list name and reads them back', () => {
    writeTicks('Weekly shop', items, ['1', '2']);
    expect(window.localStorage.getItem(ticksKey('Weekly shop'))).toContain('"checked":["1","2"]');
    expect(ticksKey('Weekly shop')).toBe('shopping-ticks:Weekly shop');
    expect(readTicks('Weekly shop', items)).toEqual(['1', '2']);
    // Another list's name, another entry.
    expect(readTicks('Party', items)).toEqual([]);
  });

  it('never stores a custom item', () => {
    writeTicks('Weekly shop', items, ['1', 'CUSTOM-4']);
    expect(readTicks('Weekly shop', items)).toEqual(['1']);
  });

  it.each([
    ['an item added', [...items, makeItem('3')]],
    ['an item removed', items.slice(1)],
    ['another quantity', [items[0]!, { ...items[1]!, quantity: 750 }, items[2]!]],
    ['another unit', [items[0]!, { ...items[1]!, unit: 'l' }, items[2]!]],
  ])('drops the ticks when the items change (%s)', (_case, changed) => {
    writeTicks('Weekly shop', items, ['1']);
    expect(readTicks('Weekly shop', changed)).toEqual([]);
    expect(window.localStorage.getItem(ticksKey('Weekly shop'))).toBeNull();
  });

  it('keeps them when only the order changes', () => {
    writeTicks('Weekly shop', items, ['2']);
    expect(readTicks('Weekly shop', [...items].reverse())).toEqual(['2']);
    expect(itemsSignature(items)).toBe(itemsSignature([...items].reverse()));
  });

  it('ignores unreadable storage', () => {
    window.localStorage.setItem(ticksKey('Weekly shop'), '{nope');
    expect(readTicks('Weekly shop', items)).toEqual([]);
  });
});

describe('groupItems', () => {
  it('groups by category name, then Misc (no or unknown category), then Custom', () => {
    const groups = groupItems(
      [
        makeItem('2'),
        makeItem('1'),
        makeItem('5'),
        makeItem('CUSTOM-1', { name: 'Candles' }),
        makeItem('3'),
        makeItem('9', { category_id: 99 }),
      ],
      new Map([
        [4, 'Vegetables'],
        [7, 'Dairy'],
      ]),
    );
    expect(groups.map((group) => [group.name, group.items.map((item) => item.value)])).toEqual([
      ['Dairy', ['2']],
      ['Vegetables', ['1', '3']],
      ['Misc', ['5', '9']],
      ['Custom', ['CUSTOM-1']],
    ]);
  });

  it('writes the list as text with the one quantity formatter', () => {
    const groups = groupItems([makeItem('1', { quantity: 3 }), makeItem('2', { quantity: 0.5, unit: 'l' })], new Map([[4, 'Vegetables']]));
    expect(listAsText('Weekly shop', groups)).toBe('Weekly shop\n\nVegetables:\n- 3 tomatoes\n\nMisc:\n- ½ l Milk');
  });
});
