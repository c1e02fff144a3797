import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { Store } from '@/shared/api';
import { StoreBadges } from '@/shared/ui';
import { canEdit, storeTitle } from '../lib/stores';
import { StoreMenu } from './StoreMenu';

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
