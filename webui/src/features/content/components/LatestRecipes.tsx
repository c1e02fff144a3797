import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { LatestRecipe } from '../api/homeBeta';

export const NO_RECIPES_TEXT = 'No new recipes just yet. Check back soon!';

/** The newest catalogue recipes, each linking to its detail page. */
export function LatestRecipes({ recipes }: { recipes: LatestRecipe[] }) {
  if (recipes.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {NO_RECIPES_TEXT}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {recipes.map((recipe) => (
        <Card key={recipe.recipe_id} withBorder padding="sm" component="li">
          <Anchor component={Link} to={`/recipes/${recipe.recipe_id}`} fw={600}>
            {recipe.name}
          </Anchor>
          {recipe.description && (
            <Text size="sm" c="dimmed" lineClamp={2} data-preview>
              {recipe.description}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
