import { ActionIcon, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { PlanDay } from '@/shared/api';
import { formatDay } from '@/shared/lib/dates';
import { IconChefHat, IconPlus, IconTrash } from '@/shared/ui/icons';
import { LIMIT_TEXTS } from '../lib/limits';
import { dayFull } from '../lib/plans';
import { PLAN_TEXTS } from '../lib/texts';
import { EntryName } from './EntryName';
import { SUGGEST_TEXTS } from './SuggestDialog';

/**
 * One day of a plan: a header with its date and 'DAY: n', its recipes (each with a remove control
 * when the user may edit), an 'add' control opening the recipe search and a 'suggest' control
 * offering recipes cooked from what is at home; a full day says it is full instead
 * (RECIPES_PER_DAY_MAX, as the server requires).
 */
export function DayCard({
  day,
  onAdd,
  onSuggest,
  onRemove,
}: {
  day: PlanDay;
  /** Left out on a read-only plan: no add or remove controls. */
  onAdd?: () => void;
  /** Opens the day's suggestions (with `onAdd`). */
  onSuggest?: () => void;
  onRemove?: (index: number) => void;
}) {
  const label = PLAN_TEXTS.day(day.day + 1);
  return (
    <Card component="section" withBorder padding="sm" radius="md" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" mb={day.recipes.length > 0 || onAdd ? 'xs' : 0}>
        <Text fw={600}>{day.date ? formatDay(day.date) : ''}</Text>
        <Text fw={700} size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {label}
        </Text>
      </Group>
      {day.recipes.length > 0 && (
        <Stack component="ul" gap={4} aria-label={`recipes of ${label}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {day.recipes.map((entry, index) => (
            <Group component="li" key={`${index}-${entry.type}-${String(entry.value)}-${entry.name}`} justify="space-between" wrap="nowrap" gap="xs">
              <EntryName entry={entry} />
              {onRemove && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`remove ${entry.name}`}
                  onClick={() => onRemove(index)}
                  style={{ flexShrink: 0 }}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {onAdd && dayFull(day) && (
        <Text size="sm" c="dimmed" mt="xs">
          {LIMIT_TEXTS.dayFull}
        </Text>
      )}
      {onAdd && !dayFull(day) && (
        <Group gap="xs" mt="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={onAdd}
            aria-label={`add to ${label}`}
          >
            add
          </Button>
          {onSuggest && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconChefHat size={16} />}
              onClick={onSuggest}
              aria-label={SUGGEST_TEXTS.title(label)}
            >
              {SUGGEST_TEXTS.suggest}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
