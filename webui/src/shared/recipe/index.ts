// What several features show: the recipe building blocks (presentational) and their helpers.
// Data (queries, mutations) lives in the feature that owns the endpoint; wire types in shared/api.
export * from './types';
export * from './ingredients';
export * from './IngredientsPanel';
export * from './RecipeCardList';
export * from './RecipeImage';
export * from './RecipeOptionsMenu';
export * from './RecipeOptions';
export * from './send';
export * from './RecipeHeader';
export * from './StepTimer';
export * from './StepList';
export * from './DietaryBadges';
export * from './timer';
export * from './copy';
export * from './planEntry';
