import type { ImportedRecipe } from '@/shared/api';

export function makeImported(id: number, data: object | string, overrides: Partial<ImportedRecipe> = {}): ImportedRecipe {
  return {
    import_recipe_id: id,
    url: `https://recipes.example.com/r/${id}`,
    created_at: `2025-04-0${id}T08:00:00Z`,
    import_failed: false,
    data: typeof data === 'string' ? data : JSON.stringify(data),
    ...overrides,
  };
}
