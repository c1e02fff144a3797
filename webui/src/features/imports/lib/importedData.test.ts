import { describe, expect, it } from 'vitest';
import type { ImportedRecipe } from '@/shared/api';
import { importedCategory, sortNewestFirst } from './importedData';

const imported = (id: number, data: string, created_at: string): ImportedRecipe => ({
  import_recipe_id: id,
  url: 'https://a.example/r',
  created_at,
  import_failed: false,
  data,
});

describe('imported recipes', () => {
  it("flags EXTERNAL_LINK when the data has a message, else IMPORTED (also for unreadable data)", () => {
    expect(importedCategory(imported(1, '{"message":"No recipe found"}', '2025-01-01T00:00:00Z'))).toBe('EXTERNAL_LINK');
    expect(importedCategory(imported(1, '{"name":"Soup"}', '2025-01-01T00:00:00Z'))).toBe('IMPORTED');
    expect(importedCategory(imported(1, '{}', '2025-01-01T00:00:00Z'))).toBe('IMPORTED');
    expect(importedCategory(imported(1, 'nope', '2025-01-01T00:00:00Z'))).toBe('IMPORTED');
  });

  it('sorts newest first', () => {
    const list = [
      imported(1, '{}', '2025-01-01T00:00:00Z'),
      imported(2, '{}', '2025-03-01T00:00:00Z'),
      imported(3, '{}', '2025-02-01T00:00:00Z'),
    ];
    expect(sortNewestFirst(list).map((i) => i.import_recipe_id)).toEqual([2, 3, 1]);
  });
});
