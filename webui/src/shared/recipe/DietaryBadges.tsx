import { Alert, Badge, Group } from '@mantine/core';
import { IconAlertTriangle } from '@/shared/ui/icons';
import type { DietaryTags } from './types';

/** The dietary tags shown as badges, in this order, with these labels. */
export const DIETARY_BADGES = [
  { key: 'vegan', label: 'vegan' },
  { key: 'vegetarian', label: 'vegetarian' },
  { key: 'gluten_free', label: 'gluten free' },
  { key: 'dairy_free', label: 'dairy free' },
  { key: 'sugar_free', label: 'sugar free' },
] as const;

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
