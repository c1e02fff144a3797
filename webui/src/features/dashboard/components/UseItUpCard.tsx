import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isApiError, suggestionPath } from '@/shared/api';
import { IconCalendarEvent } from '@/shared/ui/icons';
import { type NewPlanEntry, SendToPlanDialog } from '@/shared/ui/send-to-plan';
import { useUseItUp } from '../api/useItUp';

export const USE_IT_UP_TEXTS = {
  title: 'Use it up',
  seeAll: 'see all',
  addToPlan: 'add to plan',
} as const;

/**
 * 'Use it up' on the dashboard: the three recipes that best use stock expiring within 3 days, each
 * with why (the summary) and 'add to plan', and 'see all' to /cook with 'Use it up first' on. It
 * asks on its own, beside the dashboard's call, and shows nothing while loading, when nothing
 * expires soon or when the ask fails: it never holds up or replaces the rest of the dashboard.
 */
export function UseItUpCard() {
  const { data, error } = useUseItUp();
  // The entry stays while the dialog closes (its transition), until another is chosen.
  const [entry, setEntry] = useState<NewPlanEntry | null>(null);
  const [planning, setPlanning] = useState(false);
  useEffect(() => {
    if (error && !(isApiError(error) && error.status === 401)) {
      console.error('Loading the use-it-up suggestions failed', error);
    }
  }, [error]);

  if (!data || data.length === 0) return null;
  return (
    <Card
      component="section"
      aria-label={USE_IT_UP_TEXTS.title}
      data-testid="use-it-up-card"
      withBorder
      padding="sm"
      radius="md"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
        <Title order={3} size="h4">
          {USE_IT_UP_TEXTS.title}
        </Title>
        <Anchor component={Link} to="/cook" state={{ useUp: true }}>
          {USE_IT_UP_TEXTS.seeAll}
        </Anchor>
      </Group>
      <Stack component="ul" gap="sm" aria-label={USE_IT_UP_TEXTS.title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.map((suggestion) => (
          <li key={`${suggestion.kind}-${suggestion.recipe_id}`} aria-label={suggestion.name} data-testid="use-it-up-item">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={suggestionPath(suggestion)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {suggestion.name}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {suggestion.summary}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCalendarEvent size={16} />}
                onClick={() => {
                  setEntry(suggestion.entry);
                  setPlanning(true);
                }}
                data-testid="use-it-up-add-to-plan"
                style={{ flexShrink: 0 }}
              >
                {USE_IT_UP_TEXTS.addToPlan}
              </Button>
            </Group>
          </li>
        ))}
      </Stack>
      {entry && <SendToPlanDialog entry={entry} opened={planning} onClose={() => setPlanning(false)} />}
    </Card>
  );
}
