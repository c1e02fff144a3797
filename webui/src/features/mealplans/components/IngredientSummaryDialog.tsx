import { Button, Checkbox, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError, useMergeIntoList } from '@/shared/api';
import { Dialog, CenteredLoader, toast } from '@/shared/ui';
import { useIngredientCheck } from '../api/mealPlans';
import { ingredientLabel, mergeItems, stockLabel, tickKey } from '../lib/ingredients';
import { PLAN_TEXTS } from '../lib/texts';

/**
 * The 'Ingredient Summary' dialog (part 2 §2, §4 'Ingredient check'): the plan's ingredients
 * recipe by recipe, each with a checkbox and what the user's stores hold of it; 'select missing'
 * ticks what the stores do not cover (the server's `missing`), 'select all' and 'select none' the
 * rest of the way; 'Add Selected' merges the ticked ones into the list chosen under 'Available
 * Shopping Lists' (own lists and lists shared with edit rights), and stays disabled until a list
 * is chosen and something ticked.
 * Without a plan (the diary of a user who has none) it says so.
 */
export function IngredientSummaryDialog({
  planId,
  opened,
  onClose,
}: {
  planId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={PLAN_TEXTS.summaryTitle} centered size="lg">
      {opened &&
        (planId === null ? (
          <Text c="dimmed">
            There is no current meal plan yet. Once you have one, its ingredients show up here, recipe by recipe, ready to
            add to a shopping list.
          </Text>
        ) : (
          <SummaryBody planId={planId} />
        ))}
    </Dialog>
  );
}

function SummaryBody({ planId }: { planId: number }) {
  const { data: check, isPending, error } = useIngredientCheck(planId);
  const merge = useMergeIntoList();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [listId, setListId] = useState('');
  useEffect(() => {
    if (error) console.error('Loading the ingredient check failed', error);
  }, [error]);

  if (isPending) return <CenteredLoader label="Loading the ingredients" />;
  if (!check) return <Text c="dimmed">{isApiError(error) ? error.message : PLAN_TEXTS.failed}</Text>;

  const toggle = (key: string) =>
    setTicked((keys) => {
      const next = new Set(keys);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const keys = check.recipes.flatMap((recipe, r) => recipe.recipe_ingredients.map((_, i) => tickKey(r, i)));
  const missingKeys = check.recipes.flatMap((recipe, r) =>
    recipe.recipe_ingredients.flatMap((ingredient, i) => (ingredient.missing ? [tickKey(r, i)] : [])),
  );
  const list = check.lists.find((target) => String(target.user_shoppinglist_id) === listId);
  const canAdd = list !== undefined && ticked.size > 0;

  const add = () => {
    if (!list) return;
    const ingredients = mergeItems(check, ticked);
    merge.mutate(
      { listId: list.user_shoppinglist_id, payload: { ingredients } },
      {
        onSuccess: () => {
          toast(PLAN_TEXTS.added(ingredients.length, list.name), 'success');
          setTicked(new Set());
        },
        onError: (failure) => {
          if (!(isApiError(failure) && failure.status === 401)) toast(PLAN_TEXTS.failed, 'error');
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {check.recipes.length === 0 && <Text c="dimmed">No recipes in this plan yet.</Text>}
      {keys.length > 0 && (
        // A week's plan holds dozens of lines: what the stores do not cover, or all, in one tap.
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setTicked(new Set(missingKeys))}
            disabled={missingKeys.length === 0}
          >
            {PLAN_TEXTS.selectMissing}
          </Button>
          <Button size="xs" variant="light" onClick={() => setTicked(new Set(keys))}>
            {PLAN_TEXTS.selectAll}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setTicked(new Set())} disabled={ticked.size === 0}>
            {PLAN_TEXTS.selectNone}
          </Button>
        </Group>
      )}
      {check.recipes.map((recipe, r) => (
        <Stack component="section" key={`${r}-${recipe.name}`} gap={6} aria-label={recipe.name}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {recipe.name}
            </Title>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {recipe.days.map((day) => PLAN_TEXTS.day(day + 1)).join(', ')}
            </Text>
          </Group>
          {recipe.recipe_ingredients.length === 0 ? (
            <Text size="sm" c="dimmed">
              No ingredients to check.
            </Text>
          ) : (
            recipe.recipe_ingredients.map((ingredient, i) => {
              const key = tickKey(r, i);
              return (
                <Stack key={key} gap={2}>
                  <Checkbox
                    label={ingredientLabel(ingredient)}
                    checked={ticked.has(key)}
                    onChange={() => toggle(key)}
                    styles={{ label: { overflowWrap: 'anywhere' } }}
                  />
                  {ingredient.stock.length === 0 ? (
                    <Text size="xs" c="dimmed" pl={32}>
                      not in your stores
                    </Text>
                  ) : (
                    ingredient.stock.map((stock) => (
                      <Text key={stock.item_id} size="xs" c="dimmed" pl={32} style={{ overflowWrap: 'anywhere' }}>
                        {stockLabel(stock)}
                      </Text>
                    ))
                  )}
                </Stack>
              );
            })
          )}
        </Stack>
      ))}
      <NativeSelect
        label={PLAN_TEXTS.availableLists}
        value={listId}
        onChange={(event) => setListId(event.currentTarget.value)}
        data={[
          { value: '', label: check.lists.length === 0 ? 'no lists to add to' : 'choose a list' },
          ...check.lists.map((target) => ({ value: String(target.user_shoppinglist_id), label: target.name })),
        ]}
      />
      <Group justify="flex-end">
        <Button onClick={add} disabled={!canAdd} loading={merge.isPending}>
          {PLAN_TEXTS.addSelected}
        </Button>
      </Group>
    </Stack>
  );
}
