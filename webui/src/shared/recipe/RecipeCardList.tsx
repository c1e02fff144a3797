import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredLoader } from '@/shared/ui';

export const NO_RECIPES_TEXT = 'No Recipes Found';

/**
 * A list of recipe cards named `label` (the cookbook's tabs): a loader while `loading`, the `empty` text
 * when there are no cards.
 */
export function RecipeCardList({
  label,
  loading,
  empty = NO_RECIPES_TEXT,
  children,
}: {
  label: string;
  loading: boolean;
  empty?: string;
  children: ReactNode[];
}) {
  if (loading) return <CenteredLoader />;
  if (children.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}
