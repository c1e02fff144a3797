import { Center, Container, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { useSession } from '@/shared/session';
import { CenteredLoader } from '@/shared/ui';
import { useUserRecipe } from '../api/creator';
import type { CreatorRecipe } from '../api/types';
import { RecipeWizard } from '../components/RecipeWizard';
import { clearStoredDraft, fromUserRecipe, loadStoredDraft } from '../lib/draft';

export const NOT_FOUND_TEXT = 'Recipe not found.';

/** /recipe-edit/{id}[/ingredients|/configure|/steps|/complete]: edits an own recipe. */
export function RecipeEditRoute() {
  const params = useParams();
  const id = Number(params.id);
  const recipe = useUserRecipe(id);

  if (!Number.isInteger(id) || id <= 0 || (recipe.isError && isApiError(recipe.error) && recipe.error.status === 404)) {
    return (
      <Center py="xl">
        <Text>{NOT_FOUND_TEXT}</Text>
      </Center>
    );
  }
  if (recipe.isError) {
    return (
      <Center py="xl">
        <Text c="red">Could not load the recipe.</Text>
      </Center>
    );
  }
  if (!recipe.data) return <CenteredLoader />;
  return <EditWizard recipe={recipe.data} />;
}

function EditWizard({ recipe }: { recipe: CreatorRecipe }) {
  const { user } = useSession();
  const [state, setState] = useState(() => {
    const stored = loadStoredDraft(user?.id ?? null, recipe.user_recipe_id);
    return { key: 0, draft: stored ?? fromUserRecipe(recipe), restored: stored !== null };
  });

  const startOver = () => {
    clearStoredDraft();
    setState((current) => ({ key: current.key + 1, draft: fromUserRecipe(recipe), restored: false }));
  };

  return (
    <Container size="md" py="md">
      <RecipeWizard
          key={state.key}
          mode="edit"
          basePath={`/recipe-edit/${recipe.user_recipe_id}`}
          initialDraft={state.draft}
          restored={state.restored}
          onStartOver={startOver}
        />
    </Container>
  );
}
