import { Group, Stack, Text, Title } from '@mantine/core';
import { RecipeOptions, type RecipeSendTargets } from './RecipeOptions';
import type { CategoryRef } from './types';

/**
 * A recipe page's title row: the name and the 'Recipe Options' menu, whose copy items copy the
 * ingredient names (one per line) and the page's link. The tutorial-mode item shows only when
 * `onToggleCookMode` is given; the send items work when `send` is given (a signed-in user).
 */
export function RecipeTitleBar({
  name,
  ingredients,
  send,
  cookMode,
  onToggleCookMode,
}: {
  name: string;
  ingredients: readonly { name: string }[];
  send?: RecipeSendTargets;
  cookMode?: boolean;
  onToggleCookMode?: () => void;
}) {
  return (
    // The name takes the row's room and wraps; where the row has no room for both (a phone), the
    // menu button moves below the name rather than squeezing its label.
    <Group justify="space-between" align="flex-start">
      <Title order={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        {name}
      </Title>
      <RecipeOptions ingredients={ingredients} send={send} cookMode={cookMode} onToggleCookMode={onToggleCookMode} />
    </Group>
  );
}

/** 'Serves N' and, below it, the category's name (if any). */
export function RecipeServes({ serves, category }: { serves: number; category: CategoryRef | null }) {
  return (
    <Stack gap={4}>
      <Text>
        <Text span fw={600}>
          Serves
        </Text>{' '}
        {serves}
      </Text>
      {category && (
        <Text size="sm" c="dimmed">
          {category.name}
        </Text>
      )}
    </Stack>
  );
}
