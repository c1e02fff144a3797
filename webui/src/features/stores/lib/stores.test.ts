import { describe, expect, it } from 'vitest';
import { makeItem } from '../testData';
import {
  checkPlain,
  CUSTOM_GROUP,
  expiryLabel,
  groupItems,
  guessKind,
  MISC_GROUP,
  MSG_NAME_REQUIRED,
  storeActions,
  storeTitle,
} from './stores';

describe('checkPlain', () => {
  it.each([
    ['Kitchen pantry', null],
    ['Fridge 2', null],
    ['Küche', null],
    ['', MSG_NAME_REQUIRED],
    ['   ', MSG_NAME_REQUIRED],
    ['Mum & Dad', 'may only contain letters, numbers and spaces'],
    ['garage_freezer', 'may only contain letters, numbers and spaces'],
  ])("'%s' → %s", (value, message) => {
    expect(checkPlain(value, MSG_NAME_REQUIRED)).toBe(message);
  });
});

describe('guessKind', () => {
  it.each([
    ['Kitchen pantry', 'pantry'],
    ['Cupboard', 'pantry'],
    ['Fridge', 'fridge'],
    ['big REFRIGERATOR', 'fridge'],
    ['Beer cooler', 'fridge'],
    ['Garage freezer', 'freezer'],
    ['Fridge freezer', 'freezer'],
    ['Chest Freezer', 'freezer'],
    ['Frozen stuff', 'freezer'],
    ['Kühlschrank', 'fridge'],
    ['Tiefkühltruhe', 'freezer'],
    ['Fridges are great', 'pantry'],
  ])("'%s' → %s", (name, kind) => {
    expect(guessKind(name)).toBe(kind);
  });
});

describe('storeTitle', () => {
  it("adds ' - (default)' to the default store only", () => {
    expect(storeTitle({ name: 'Pantry', default: true })).toBe('Pantry - (default)');
    expect(storeTitle({ name: 'Pantry', default: false })).toBe('Pantry');
  });
});

describe('storeActions', () => {
  it.each([
    ['owner, default', 'owner', true, ['view', 'edit', 'share']],
    ['owner, not default', 'owner', false, ['delete', 'view', 'edit', 'share', 'set default']],
    ['editor, not default', 'editor', false, ['remove', 'view', 'edit', 'set default']],
    ['editor, default', 'editor', true, ['remove', 'view', 'edit']],
    ['viewer', 'viewer', false, ['remove', 'view']],
  ] as const)('%s → %j', (_label, role, isDefault, actions) => {
    expect(storeActions({ role, default: isDefault })).toEqual(actions);
  });
});

describe('expiryLabel', () => {
  it("reads 'expired - DD/MM/YYYY' when past, else 'expires - DD/MM/YYYY'", () => {
    expect(expiryLabel({ expiry_date: '2025-03-09', freshness: 'expired' })).toBe('expired - 09/03/2025');
    expect(expiryLabel({ expiry_date: '2025-12-31', freshness: 'expiring' })).toBe('expires - 31/12/2025');
    expect(expiryLabel({ expiry_date: '2026-01-01', freshness: 'fresh' })).toBe('expires - 01/01/2026');
  });
});

describe('groupItems', () => {
  it('groups by category name, Custom and Misc last, items by name', () => {
    const names = new Map([
      [1, 'Vegetables'],
      [2, 'Dairy'],
    ]);
    const groups = groupItems(
      [
        makeItem(1, { name: 'Milk', category_id: 2 }),
        makeItem(2, { name: 'Leek', category_id: 1 }),
        makeItem(3, { name: 'Carrot', category_id: 1 }),
        makeItem(4, { name: 'Mystery', value: 'CUSTOM-abc' }),
        makeItem(5, { name: 'Salt', category_id: null }),
        makeItem(6, { name: 'Butter', category_id: 99 }),
      ],
      names,
    );
    expect(groups.map((g) => [g.name, g.items.map((i) => i.name)])).toEqual([
      ['Dairy', ['Milk']],
      ['Vegetables', ['Carrot', 'Leek']],
      [CUSTOM_GROUP, ['Mystery']],
      [MISC_GROUP, ['Butter', 'Salt']],
    ]);
  });
});
