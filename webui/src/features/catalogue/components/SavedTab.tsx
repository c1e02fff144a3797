import { ActionIcon, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { SavedRecipe } from '@/shared/api';
import { RecipeCardList, RecipeImage } from '@/shared/recipe';
import { IconTrash } from '@/shared/ui/icons';
import { useRemoveSaved, useSavedRecipes } from '../api/savedRecipes';

/** The cookbook's #saved tab: the saved catalogue recipes as cards; each opens /recipes/{id} and can be removed. */
export function SavedTab() {
  const { data, isPending, error } = useSavedRecipes();
  useEffect(() => {
    if (error) console.error('Loading the saved recipes failed', error);
  }, [error]);
  return (
    <RecipeCardList label="saved recipes" loading={isPending && !data}>
      {(data ?? []).map((recipe) => (
        <SavedCard key={recipe.recipe_id} recipe={recipe} />
      ))}
    </RecipeCardList>
  );
}

function SavedCard({ recipe }: { recipe: SavedRecipe }) {
  const remove = useRemoveSaved();
  return (
    <Card withBorder padding="xs" component="li" aria-label={recipe.name}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <UnstyledButton component={Link} to={`/recipes/${recipe.recipe_id}`} style={{ flex: 1, minWidth: 0 }}>
          <Group wrap="nowrap" gap="sm" align="flex-start">
            <RecipeImage image={recipe.image} width={96} height={72} style={{ width: 96, height: 72, flexShrink: 0 }} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{recipe.name}</Text>
              {recipe.category && (
                <Text size="sm" c="dimmed">
                  {recipe.category.name}
                </Text>
              )}
              {recipe.description && (
                <Text size="sm" lineClamp={2} data-preview>
                  {recipe.description}
                </Text>
              )}
              <Text size="sm">
                <Text span fw={600}>
                  Serves
                </Text>{' '}
                {recipe.serves ?? 1}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`remove ${recipe.name}`}
          loading={remove.isPending}
          onClick={() => remove.mutate(recipe.recipe_id)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Card>
  );
}
