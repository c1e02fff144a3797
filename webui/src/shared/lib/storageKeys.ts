/** Keys of the values the app keeps in localStorage (spec part 1 §3, Session). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  savedRecipes: 'saved_recipes',
  filters: 'filters',
  tutorialEnabled: 'tutorial_enabled',
  /**
   * Cookbook notes are stored per account under `notes:{user id}` (see features/cookbook/lib/notes.ts);
   * `notes` alone is the un-keyed entry of older versions, claimed by the first account that opens its notes.
   * Logging out (clearSession) leaves every notes key in place.
   */
  notes: 'notes',
  draftRecipe: 'draft_recipe',
} as const;
