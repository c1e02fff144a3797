import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { useWakeLock } from '@/shared/hooks';
import {
  AllergenWarning,
  catalogueEntryType,
  DietaryBadges,
  IngredientsPanel,
  RecipeImage,
  recipeIngredientsToSend,
  RecipeServes,
  RecipeTitleBar,
  StepList,
  toIngredientItems,
} from '@/shared/recipe';
import { useSession } from '@/shared/session';
import { CenteredLoader, FormAlert, WakeLockSwitch } from '@/shared/ui';
import { useRecipe } from '../api/recipes';
import { CookMode, stepTitle } from '../components/CookMode';
import { SaveHeart } from '../components/SaveHeart';

export const RECIPE_NOT_FOUND_TEXT = 'Recipe not found.';
export const WAKE_LOCK_TOGGLE_LABEL = 'keep screen on';

/** /recipes/{recipe_id}: the recipe, or one step at a time with `?cookmode`. */
export function RecipeDetailRoute() {
  const { recipeId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const cookMode = searchParams.has('cookmode') && searchParams.get('cookmode') !== 'false';
  const { signedIn } = useSession();
  // The toggle is for signed-in users only (spec part 1 §4): no NoSleep.js download for visitors.
  const wakeLock = useWakeLock({ preload: signedIn });
  const { enabled: wakeLockOn, setEnabled: setWakeLock } = wakeLock;
  // Signing out turns the wake lock off with its toggle.
  useEffect(() => {
    if (!signedIn && wakeLockOn) setWakeLock(false);
  }, [signedIn, wakeLockOn, setWakeLock]);
  const { data: recipe, isPending, isError, error } = useRecipe(recipeId);

  if (isPending) return <CenteredLoader />;
  if (isError || !recipe) {
    return (
      <Container size="sm">
        <FormAlert>
          {isApiError(error) && error.status === 404
            ? RECIPE_NOT_FOUND_TEXT
            : 'Could not load this recipe right now. Please try again later.'}
        </FormAlert>
        <Anchor component={Link} to="/recipes" mt="md" display="block">
          Back to Discover
        </Anchor>
      </Container>
    );
  }

  const ingredients = toIngredientItems(recipe.recipe_ingredients);
  const steps = [...recipe.recipe_steps].sort((a, b) => a.step_order - b.step_order);
  const toggleCookMode = () => {
    const next = new URLSearchParams(searchParams);
    if (cookMode) next.delete('cookmode');
    else next.set('cookmode', 'true');
    setSearchParams(next);
  };

  return (
    <Container size="md" px="xs">
      <Stack gap="md">
        <RecipeTitleBar
          name={recipe.name}
          ingredients={ingredients}
          // Sending to a list or a plan is for signed-in users; a visitor sees the items disabled.
          send={
            signedIn
              ? {
                  entry: {
                    name: recipe.name,
                    value: recipe.recipe_id,
                    image: recipe.image,
                    type: catalogueEntryType(recipe.category_id),
                  },
                  ingredients: recipeIngredientsToSend(recipe.recipe_ingredients),
                }
              : undefined
          }
          cookMode={cookMode}
          onToggleCookMode={toggleCookMode}
        />
        {recipe.author && (
          <Text c="dimmed" size="sm" mt={-8}>
            by {recipe.author}
          </Text>
        )}
        {signedIn && <WakeLockSwitch wakeLock={wakeLock} label={WAKE_LOCK_TOGGLE_LABEL} />}
        {cookMode ? (
          <CookMode steps={steps} ingredients={recipe.recipe_ingredients} />
        ) : (
          <>
            <RecipeImage
              image={recipe.image}
              alt={recipe.name}
              style={{ width: '100%', maxHeight: 320, aspectRatio: '16 / 9' }}
            />
            <Group justify="space-between" align="center">
              <RecipeServes serves={recipe.serves ?? 1} category={recipe.category} />
              {signedIn && <SaveHeart recipeId={recipe.recipe_id} name={recipe.name} variant="button" />}
            </Group>
            <DietaryBadges tags={recipe.tags} />
            <AllergenWarning tags={recipe.tags} allergens={recipe.allergens} />
            {recipe.description && <Text>{recipe.description}</Text>}
            <IngredientsPanel ingredients={ingredients} />
            <StepList
              timers="text"
              steps={steps.map((step) => ({
                key: step.recipe_step_id,
                step_order: step.step_order,
                title: stepTitle(step),
                description: step.description,
                image: step.image,
                timer: step.timer,
              }))}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
