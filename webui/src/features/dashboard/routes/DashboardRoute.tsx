import { Anchor, Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import type { DashboardList, StoreCard } from '@/shared/api';
import { useSession } from '@/shared/session';
import { CenteredLoader, FormAlert, StoreBadges } from '@/shared/ui';
import { IconUsers } from '@/shared/ui/icons';
import { useDashboard } from '../api/dashboard';
import { UPCOMING_TEXTS, UpcomingMeals } from '../components/UpcomingMeals';
import { UseItUpCard } from '../components/UseItUpCard';

export const DASHBOARD_TEXTS = {
  lists: 'my lists',
  store: 'default store',
  manage: 'manage',
  noLists: 'No shopping lists yet.',
  noStore: 'No food store yet.',
  failed: 'Could not load your dashboard. Please try again later.',
  shared: 'shared',
} as const;

const itemCount = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/**
 * /user-dashboard (the target after login): a greeting with the onboarding's tutorial prompt in the
 * `prompt` slot, today's and tomorrow's meals, the user's lists (own and shared, newest change
 * first) and their default food store, each section with a 'manage' link to its page. All of it
 * comes from GET /dashboard: the first screen after login paints from that one call. 'Use it up'
 * (recipes using what expires soon) asks on its own beside it and shows only when it has some.
 */
export function DashboardRoute({ prompt }: { prompt?: ReactNode }) {
  const { user } = useSession();
  const { data, isPending, error } = useDashboard();
  useEffect(() => {
    if (error) console.error('Loading the dashboard failed', error);
  }, [error]);

  let content: ReactNode;
  if (isPending) content = <CenteredLoader label="Loading the dashboard" />;
  else if (!data) content = <FormAlert>{DASHBOARD_TEXTS.failed}</FormAlert>;
  else
    content = (
      <>
        <Section title={UPCOMING_TEXTS.title} manage="/user-meal-plans">
          <UpcomingMeals today={data.today} tomorrow={data.tomorrow} />
        </Section>
        <Section title={DASHBOARD_TEXTS.lists} manage="/user-shopping-lists">
          <Lists lists={data.lists} />
        </Section>
        <Section title={DASHBOARD_TEXTS.store} manage="/user-stores">
          {data.default_store ? (
            <DefaultStore store={data.default_store} />
          ) : (
            <Text c="dimmed">{DASHBOARD_TEXTS.noStore}</Text>
          )}
        </Section>
      </>
    );

  return (
    <Container size="md" px="xs">
      <Stack gap="lg">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>{`Hello, ${user?.name ?? ''}`}</Title>
        {prompt}
        <UseItUpCard />
        {content}
      </Stack>
    </Container>
  );
}

/** A titled section with its 'manage' link (an accessible name tells the links apart). */
function Section({ title, manage, children }: { title: string; manage: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-label={title} gap="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={manage} aria-label={`manage ${title}`}>
          {DASHBOARD_TEXTS.manage}
        </Anchor>
      </Group>
      {children}
    </Stack>
  );
}

function Lists({ lists }: { lists: DashboardList[] }) {
  if (lists.length === 0) return <Text c="dimmed">{DASHBOARD_TEXTS.noLists}</Text>;
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-label={DASHBOARD_TEXTS.lists}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {lists.map((list) => (
        <li key={list.user_shoppinglist_id}>
          <Card
            component={Link}
            to={`/user-shopping-lists/${list.user_shoppinglist_id}?view=readonly`}
            withBorder
            padding="sm"
            radius="md"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  {list.shared && (
                    <IconUsers
                      size={18}
                      role="img"
                      aria-label={DASHBOARD_TEXTS.shared}
                      style={{ flexShrink: 0, marginTop: 3 }}
                    />
                  )}
                  <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {list.name}
                  </Text>
                </Group>
                {list.shared && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    author: {list.owner_name}
                  </Text>
                )}
              </Stack>
              <Badge variant="light" style={{ flexShrink: 0 }}>
                {itemCount(list.item_count)}
              </Badge>
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function DefaultStore({ store }: { store: StoreCard }) {
  return (
    <Card component={Link} to={`/user-stores/${store.id}`} withBorder padding="sm" radius="md">
      <Stack gap={4}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {store.name}
        </Text>
        <Text size="xs" c="dimmed">
          {store.kind} · {itemCount(store.item_count)}
        </Text>
        <StoreBadges store={store} />
      </Stack>
    </Card>
  );
}
