import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { Store } from '@/shared/api';
import { canEdit, storeTitle } from '../lib/stores';
import { StoreMenu } from './StoreMenu';

/** The three badges of a store (part 2 §2): 'In plan (0)' (always zero, dimmed), 'Expiring (n)', 'Expired (n)'. */
export function StoreBadges({ store }: { store: Pick<Store, 'expiring' | 'expired'> }) {
  return (
    <Group gap={6} aria-label="store badges">
      <Badge variant="light" color="gray" opacity={0.6}>
        In plan (0)
      </Badge>
      <Badge variant="light" color="orange">
        Expiring ({store.expiring})
      </Badge>
      <Badge variant="light" color="red">
        Expired ({store.expired})
      </Badge>
    </Group>
  );
}

/** A store in the list: its name, description, kind, owner (shared stores), badges and menu. */
export function StoreCard({ store }: { store: Store }) {
  // Users who may change the stock open the store to change it; others see it read-only.
  const to = canEdit(store.role) ? `/user-stores/${store.id}` : `/user-stores/${store.id}?view=readonly`;
  const title = storeTitle(store);
  return (
    <Card withBorder padding="sm" component="li" aria-label={title}>
      <Group wrap="nowrap" gap="xs" align="flex-start">
        <UnstyledButton component={Link} to={to} style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={4}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            {store.description && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {store.description}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {store.kind} · {store.items.length} {store.items.length === 1 ? 'item' : 'items'}
              {store.role !== 'owner' && ` · author: ${store.owner_name}`}
            </Text>
          </Stack>
        </UnstyledButton>
        <StoreMenu store={store} />
      </Group>
      <Stack mt="xs">
        <StoreBadges store={store} />
      </Stack>
    </Card>
  );
}
