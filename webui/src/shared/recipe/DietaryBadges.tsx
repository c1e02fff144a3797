import { Alert, Badge, Group } from '@mantine/core';
import { preferenceLabel } from '@/shared/lib/preferences';
import { IconAlertTriangle } from '@/shared/ui/icons';
import type { DietaryTags } from './types';

/** The dietary tags shown as badges, in this order, labelled as the preferences are ('Gluten free'). */
export const DIETARY_BADGES = (['vegan', 'vegetarian', 'gluten_free', 'dairy_free', 'sugar_free'] as const).map(
  (key) => ({ key, label: preferenceLabel(key) }),
);

/** One badge per dietary tag the recipe has. */
export function DietaryBadges({ tags, size = 'sm' }: { tags: DietaryTags | null | undefined; size?: 'xs' | 'sm' | 'md' }) {
  const shown = DIETARY_BADGES.filter((badge) => tags?.[badge.key]);
  if (shown.length === 0) return null;
  return (
    <Group gap={4} aria-label="dietary tags">
      {shown.map((badge) => (
        <Badge key={badge.key} size={size} variant="light" color="green">
          {badge.label}
        </Badge>
      ))}
    </Group>
  );
}

export const ALLERGEN_WARNING_TITLE = 'Allergen warning';

/** The allergen warning with the allergens listed, when the recipe is tagged with allergens. */
export function AllergenWarning({ tags, allergens }: { tags: DietaryTags | null | undefined; allergens: string[] }) {
  if (!tags?.allergen) return null;
  return (
    <Alert color="orange" variant="light" title={ALLERGEN_WARNING_TITLE} icon={<IconAlertTriangle size={18} />}>
      {allergens.length > 0 ? `Contains: ${allergens.join(', ')}` : 'Contains allergens'}
    </Alert>
  );
}
