import { Button, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { CenteredLoader, useHashTab } from '@/shared/ui';
import { IconPlus } from '@/shared/ui/icons';
import { useShoppingLists } from '../api/shoppingLists';
import { ListRows } from '../components/ListRows';
import { NameListDialog } from '../components/NameListDialog';
import { useOutbox } from '../lib/outbox';

export const LIST_TABS = ['mylists', 'shared'] as const;

export const EMPTY_TEXTS = {
  mine: 'No shopping lists yet. Create one to start.',
  shared: 'No lists have been shared with you.',
} as const;

/** /user-shopping-lists: 'my lists' (#mylists) and 'shared with me' (#shared), and Create. */
export function ShoppingListsRoute() {
  const [tab, selectTab] = useHashTab(LIST_TABS, 'mylists');
  const [creating, setCreating] = useState(false);
  const { data, isPending, error } = useShoppingLists();
  const outbox = useOutbox();
  const waiting = useMemo(() => new Set(outbox.map((entry) => entry.listId)), [outbox]);
  useEffect(() => {
    if (error) console.error('Loading the shopping lists failed', error);
  }, [error]);

  const lists = data ?? [];
  const mine = lists.filter((list) => list.role === 'owner');
  const shared = lists.filter((list) => list.role !== 'owner');

  const panel = (rows: typeof lists, isShared: boolean) => {
    if (isPending) return <CenteredLoader label="Loading the lists" />;
    if (rows.length === 0) {
      return (
        <Text c="dimmed" ta="center" py="lg">
          {isShared ? EMPTY_TEXTS.shared : EMPTY_TEXTS.mine}
        </Text>
      );
    }
    return (
      <ListRows
        lists={rows}
        shared={isShared}
        waiting={waiting}
        label={isShared ? 'lists shared with me' : 'my lists'}
      />
    );
  };

  return (
    <Container size="sm" px="xs">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} style={{ minWidth: 0 }}>
          Shopping Lists
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} style={{ flexShrink: 0 }}>
          Create
        </Button>
      </Group>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="mylists">my lists</Tabs.Tab>
          <Tabs.Tab value="shared">shared with me</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mylists">{panel(mine, false)}</Tabs.Panel>
        <Tabs.Panel value="shared">{panel(shared, true)}</Tabs.Panel>
      </Tabs>
      <NameListDialog opened={creating} onClose={() => setCreating(false)} />
    </Container>
  );
}
