/** Keys of the values the app keeps in localStorage (spec part 1 §3, Session). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  savedRecipes: 'saved_recipes',
  filters: 'filters',
  tutorialEnabled: 'tutorial_enabled',
  notes: 'notes',
  draftRecipe: 'draft_recipe',
} as const;
