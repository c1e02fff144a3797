import { ActionIcon, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { isHttpUrl } from '@/shared/lib/url';
import {
  IngredientsPanel,
  PLAN_ENTRY_TYPES,
  RecipeImage,
  RecipeOptions,
  StepList,
  textIngredientsToSend,
} from '@/shared/recipe';
import { useSession } from '@/shared/session';
import { CenteredLoader, FormAlert } from '@/shared/ui';
import { IconAlertCircle } from '@/shared/ui/icons';
import { useImportedRecipe } from '../api/importedRecipes';
import { DisclaimerDialog } from '../components/DisclaimerDialog';
import { type ImportedRecipeData, parseImportedData } from '../lib/importedData';
import {
  importedImage,
  importedIngredients,
  importedSource,
  importedSteps,
  importedTimes,
  importedYield,
} from '../lib/importedView';

export const IMPORTED_NOT_FOUND_TEXT = 'Recipe not found.';

type Parsed = { ok: true; data: ImportedRecipeData } | { ok: false; error: unknown };

/** /imported-recipes/{id}: the signed-in user's imported recipe with that import_recipe_id. */
export function ImportedRecipeRoute() {
  const { id = '' } = useParams();
  const { signedIn } = useSession();
  const { data: item, error } = useImportedRecipe(id);

  const parsed = useMemo<Parsed | null>(() => {
    if (!item) return null;
    try {
      return { ok: true, data: parseImportedData(item.data) };
    } catch (failure) {
      return { ok: false, error: failure };
    }
  }, [item]);

  useEffect(() => {
    // A parse failure is only logged; the spinner stays (spec part 1 §4 'Imported recipe').
    if (parsed && !parsed.ok) console.error('Parsing the imported recipe failed', parsed.error);
  }, [parsed]);
  useEffect(() => {
    if (error) console.error('Loading the imported recipe failed', error);
  }, [error]);
  // Opened from the (scrolled) imported tab: start at the top of the recipe.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  if (!signedIn) {
    return (
      <Container size="sm">
        <Text>
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>{' '}
          to see your imported recipes.
        </Text>
      </Container>
    );
  }
  if (!item && isApiError(error) && error.status === 404) {
    return (
      <Container size="sm">
        <FormAlert>{IMPORTED_NOT_FOUND_TEXT}</FormAlert>
        <Anchor component={Link} to="/user-recipes#imported" mt="md" display="block">
          Back to my cookbook
        </Anchor>
      </Container>
    );
  }
  if (!parsed?.ok) return <CenteredLoader />;
  return <ImportedRecipeView data={parsed.data} importId={item?.import_recipe_id ?? null} importedFrom={item?.url ?? null} />;
}

function ImportedRecipeView({
  data,
  importId,
  importedFrom,
}: {
  data: ImportedRecipeData;
  importId: number | null;
  importedFrom: string | null;
}) {
  const [disclaimer, setDisclaimer] = useState(false);
  const name = typeof data.name === 'string' ? data.name : '';
  // The url, else the @id; a page without recipe data may carry neither: then the imported address.
  const source = importedSource(data) ?? (isHttpUrl(importedFrom) ? importedFrom.trim() : null);
  const steps = importedSteps(data.recipeInstructions);
  const ingredients = importedIngredients(data.recipeIngredient);
  const servings = importedYield(data.recipeYield);
  const times = importedTimes(data);
  const image = importedImage(data.image);

  return (
    <Container size="md" px="xs">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2}>{name}</Title>
          <ActionIcon variant="subtle" size="lg" aria-label="show disclaimer" onClick={() => setDisclaimer(true)}>
            <IconAlertCircle size={22} />
          </ActionIcon>
        </Group>
        {/* Below the title, so the disclaimer icon stays the top-right one. */}
        <Group justify="flex-end">
          <RecipeOptions
            ingredients={ingredients}
            send={
              importId === null
                ? undefined
                : {
                    entry: { name, value: importId, image, type: PLAN_ENTRY_TYPES.imported },
                    ingredients: textIngredientsToSend(ingredients),
                  }
            }
          />
        </Group>
        <RecipeImage
          src={image}
          alt={name}
          style={{ width: '100%', maxHeight: 320, aspectRatio: '16 / 9' }}
        />
        {source && (
          <Anchor href={source} target="_blank" rel="noopener noreferrer nofollow">
            original source
          </Anchor>
        )}
        {typeof data.message === 'string' && data.message && <Text c="dimmed">{data.message}</Text>}
        <Text>
          <Text span fw={600}>
            Serves:
          </Text>{' '}
          {servings}
        </Text>
        {typeof data.description === 'string' && data.description && (
          <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text>
        )}
        {/* After the description, which the spec places right after 'Serves:'. */}
        {times && <Text data-testid="imported-times">{times}</Text>}
        {!disclaimer && <IngredientsPanel ingredients={ingredients} />}
        {steps ? (
          <StepList steps={steps} />
        ) : (
          typeof data.recipeInstructions === 'string' &&
          data.recipeInstructions && (
            <Text style={{ whiteSpace: 'pre-line' }} data-testid="instructions-text">
              {data.recipeInstructions}
            </Text>
          )
        )}
      </Stack>
      <DisclaimerDialog opened={disclaimer} onClose={() => setDisclaimer(false)} />
    </Container>
  );
}
