import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ShoppingList } from '@/shared/api';
import { DateTimeText } from '@/shared/ui';
import { TEXTS } from '../lib/messages';

/** The lists of one tab; each row opens the list read-only. */
export function ListRows({
  lists,
  shared,
  waiting,
  label,
}: {
  lists: ShoppingList[];
  shared: boolean;
  /** Lists with a completed shop waiting for the network. */
  waiting: ReadonlySet<number>;
  label: string;
}) {
  return (
    <Stack component="ul" gap="xs" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {lists.map((list) => {
        const count = list.ingredients.length;
        return (
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
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {list.name}
                  </Text>
                  {shared && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      author: {list.owner_name}
                    </Text>
                  )}
                  <DateTimeText value={list.updated_at} size="xs" />
                </Stack>
                <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                  <Badge variant="light">{count === 1 ? '1 item' : `${count} items`}</Badge>
                  {waiting.has(list.user_shoppinglist_id) && (
                    <Badge color="orange" variant="light">
                      {TEXTS.waiting}
                    </Badge>
                  )}
                </Stack>
              </Group>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}
