import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { DietaryBadges, RecipeImage } from '@/shared/recipe';
import type { RecipeSummary } from '../api/recipes';
import { SaveHeart } from './SaveHeart';

/**
 * One recipe of the Discover list: image, name, category and dietary badges; opens the detail page.
 * The name wraps in full (never cut short), however narrow the screen.
 */
export function RecipeRow({ recipe, signedIn }: { recipe: RecipeSummary; signedIn: boolean }) {
  return (
    <Card withBorder padding="xs" component="li" aria-label={recipe.name}>
      <Group wrap="nowrap" gap="sm" align="center">
        <UnstyledButton component={Link} to={`/recipes/${recipe.recipe_id}`} style={{ flex: 1, minWidth: 0 }}>
          <Group wrap="nowrap" gap="sm">
            <RecipeImage image={recipe.image} width={72} height={72} style={{ width: 72, height: 72, flex: 'none' }} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{recipe.name}</Text>
              {recipe.category && (
                <Text size="sm" c="dimmed">
                  {recipe.category.name}
                </Text>
              )}
              <DietaryBadges tags={recipe.tags} size="xs" />
            </Stack>
          </Group>
        </UnstyledButton>
        {signedIn && <SaveHeart recipeId={recipe.recipe_id} name={recipe.name} />}
      </Group>
    </Card>
  );
}
