import { Anchor, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import {
  DietaryBadges,
  IngredientsPanel,
  PLAN_ENTRY_TYPES,
  RecipeImage,
  recipeIngredientsToSend,
  RecipeServes,
  RecipeTitleBar,
  StepList,
  toIngredientItems,
} from '@/shared/recipe';
import { CenteredLoader, FormAlert } from '@/shared/ui';
import { IconPencil } from '@/shared/ui/icons';
import { type UserRecipe, useUserRecipes } from '../api/userRecipes';

export const USER_RECIPE_NOT_FOUND_TEXT = 'Recipe not found.';

/** /user-recipes/{id}: one of the user's own recipes, found in the user's recipes. */
export function UserRecipeRoute() {
  const { id = '' } = useParams();
  const { data, isPending, isFetching, error } = useUserRecipes();
  useEffect(() => {
    if (error) console.error('Loading the own recipes failed', error);
  }, [error]);

  const recipe = data?.find((item) => String(item.user_recipe_id) === id);
  if (recipe) return <UserRecipeView recipe={recipe} />;
  // Not in the list we have: wait for the (re)load of the user's recipes.
  if (isPending || isFetching) return <CenteredLoader />;
  return (
    <Container size="sm">
      <FormAlert>{error ? 'Could not load this recipe right now. Please try again later.' : USER_RECIPE_NOT_FOUND_TEXT}</FormAlert>
      <Anchor component={Link} to="/user-recipes#custom" mt="md" display="block">
        Back to my cookbook
      </Anchor>
    </Container>
  );
}

function UserRecipeView({ recipe }: { recipe: UserRecipe }) {
  const ingredients = toIngredientItems(recipe.recipe_ingredients);
  const steps = recipe.steps.map((step) => ({
    key: step.id,
    step_order: step.step_order,
    title: step.title || `Step ${step.step_order}`,
    description: step.description,
    image: step.step_image,
    timer: step.timer,
  }));
  return (
    <Container size="md" px="xs">
      <Stack gap="md">
        <RecipeTitleBar
          name={recipe.name}
          ingredients={ingredients}
          send={{
            entry: { name: recipe.name, value: recipe.user_recipe_id, image: recipe.image, type: PLAN_ENTRY_TYPES.user },
            ingredients: recipeIngredientsToSend(recipe.recipe_ingredients),
          }}
        />
        <RecipeImage image={recipe.image} alt={recipe.name} style={{ width: '100%', maxHeight: 320, aspectRatio: '16 / 9' }} />
        <Group justify="space-between" align="center">
          <RecipeServes serves={recipe.serves} category={recipe.category} />
          <Button
            component={Link}
            to={`/recipe-edit/${recipe.user_recipe_id}`}
            variant="default"
            leftSection={<IconPencil size={16} />}
          >
            edit
          </Button>
        </Group>
        <DietaryBadges tags={recipe.tags} />
        {recipe.description && <Text style={{ whiteSpace: 'pre-line' }}>{recipe.description}</Text>}
        <IngredientsPanel ingredients={ingredients} />
        <StepList steps={steps} />
      </Stack>
    </Container>
  );
}
