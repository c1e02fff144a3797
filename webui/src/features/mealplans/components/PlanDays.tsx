import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { PlanDay, PlanEntry } from '@/shared/api';
import { formatDay } from '@/shared/lib/dates';
import { PLAN_TEXTS } from '../lib/texts';
import { DayCard } from './DayCard';
import { RecipeSearchPanel } from './RecipeSearchPanel';
import { SUGGEST_TEXTS, SuggestDialog } from './SuggestDialog';

/** A plan's header: its title, the date range (when dated) and 'TOTAL DAYS'. */
export function PlanHeader({
  title,
  start,
  end,
  days,
  aside,
}: {
  title: string;
  start: string | null;
  end: string | null;
  days: number;
  aside?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {start && end && (
          <Text c="dimmed" aria-label="date range">
            {formatDay(start)} - {formatDay(end)}
          </Text>
        )}
        <Text fw={600} size="sm">
          {PLAN_TEXTS.totalDays}: {days}
        </Text>
      </Stack>
      {aside && (
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {aside}
        </Group>
      )}
    </Group>
  );
}

/**
 * The days of a plan, each a card; with `onAdd` and `onRemove` (the user may edit) each day has
 * its remove controls, an 'add' control opening the recipe search for that day and a 'suggest'
 * control offering recipes cooked from what is at home; both add through `onAdd`.
 */
export function PlanDays({
  days,
  onAdd,
  onRemove,
}: {
  days: readonly PlanDay[];
  onAdd?: (day: number, entry: PlanEntry) => void;
  onRemove?: (day: number, index: number) => void;
}) {
  const [adding, setAdding] = useState<number | null>(null);
  const [suggesting, setSuggesting] = useState<number | null>(null);
  return (
    <>
      <Stack gap="sm">
        {days.map((day) => (
          <DayCard
            key={day.day}
            day={day}
            onAdd={onAdd ? () => setAdding(day.day) : undefined}
            onSuggest={onAdd ? () => setSuggesting(day.day) : undefined}
            onRemove={onRemove ? (index) => onRemove(day.day, index) : undefined}
          />
        ))}
      </Stack>
      {onAdd && (
        <RecipeSearchPanel
          title={adding === null ? '' : `add to ${PLAN_TEXTS.day(adding + 1)}`}
          opened={adding !== null}
          onClose={() => setAdding(null)}
          onPick={(entry) => {
            if (adding !== null) onAdd(adding, entry);
            setAdding(null);
          }}
        />
      )}
      {onAdd && (
        <SuggestDialog
          title={suggesting === null ? '' : SUGGEST_TEXTS.title(PLAN_TEXTS.day(suggesting + 1))}
          opened={suggesting !== null}
          onClose={() => setSuggesting(null)}
          onPick={(entry) => {
            if (suggesting !== null) onAdd(suggesting, entry);
            setSuggesting(null);
          }}
        />
      )}
    </>
  );
}
