import { Badge, Button, CloseButton, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { IconPlus, IconSearch } from '@/shared/ui/icons';
import { useIngredientOptions } from '../api/creator';
import type { IngredientOption } from '../api/types';
import { INGREDIENT_NAME_MAX, ingredientKey, isCustom, type DraftIngredient } from '../lib/draft';
import { filterOptions } from '../lib/options';

/** At most this many options are drawn at once; typing narrows the list. */
export const OPTIONS_SHOWN_MAX = 150;
export const CUSTOM_HINT = 'Custom ingredients are kept with your recipe, but a recipe with them cannot be published.';

/**
 * Step 2, 'Add Ingredients': a searchable list of the catalogue ingredients (filtering from 3
 * typed characters; an empty input resets). A custom ingredient is offered only when nothing
 * matches. A new ingredient gets quantity 1; adding it again adds 1.
 */
export function IngredientsStep({
  ingredients,
  error,
  onAdd,
  onAddCustom,
  onRemove,
}: {
  ingredients: DraftIngredient[];
  error: string | null;
  onAdd: (option: IngredientOption) => void;
  onAddCustom: (name: string) => void;
  onRemove: (item: DraftIngredient) => void;
}) {
  const [search, setSearch] = useState('');
  const options = useIngredientOptions();
  const shown = filterOptions(options.data ?? [], search);
  const text = search.trim();
  const canCreate = text.length > 0 && options.isSuccess && shown.length === 0;

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <TextInput
            label="search ingredients"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={INGREDIENT_NAME_MAX}
            autoComplete="off"
          />
          {options.isPending && <Loader size="sm" />}
          {options.isError && <Text c="red">Could not load the ingredients.</Text>}
          {options.isSuccess && shown.length > 0 && (
            <ScrollArea.Autosize mah={280}>
              <Stack
                gap={2}
                component="ul"
                aria-label="ingredient options"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {shown.slice(0, OPTIONS_SHOWN_MAX).map((option) => (
                  <li key={option.value}>
                    <Button
                      variant="subtle"
                      justify="flex-start"
                      fullWidth
                      leftSection={<IconPlus size={14} />}
                      onClick={() => onAdd(option)}
                    >
                      {option.name}
                    </Button>
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          {shown.length > OPTIONS_SHOWN_MAX && (
            <Text size="xs" c="dimmed">
              Showing {OPTIONS_SHOWN_MAX} of {shown.length}; type to narrow the list.
            </Text>
          )}
          {canCreate && (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                No ingredient matches '{text}'.
              </Text>
              <Button
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => {
                  onAddCustom(text);
                  setSearch('');
                }}
              >
                {`add custom ingredient '${text}'`}
              </Button>
              <Text size="xs" c="dimmed">
                {CUSTOM_HINT}
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>

      <Stack gap="xs">
        <Text fw={600}>Ingredients of this recipe</Text>
        {ingredients.length === 0 ? (
          <Text size="sm" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
            {error ?? 'No ingredients yet: pick them from the list above.'}
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            aria-label="recipe ingredients"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {ingredients.map((item) => (
              <Group key={ingredientKey(item)} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    {`x${item.quantity}`}
                  </Badge>
                  <Text style={{ minWidth: 0 }}>{item.name}</Text>
                  {isCustom(item) && (
                    <Badge color="orange" variant="outline" size="sm" style={{ flexShrink: 0 }}>
                      custom
                    </Badge>
                  )}
                </Group>
                <CloseButton aria-label={`remove ${item.name}`} onClick={() => onRemove(item)} />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
