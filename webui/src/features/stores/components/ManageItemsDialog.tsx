import { Button, Checkbox, Group, NativeSelect, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError, type Store, useMergeIntoList } from '@/shared/api';
import { formatDay } from '@/shared/lib/dates';
import { formatQuantity } from '@/shared/lib/quantity';
import { Dialog, toast } from '@/shared/ui';
import { useWritableShoppingLists } from '../api/shoppingLists';
import { useUpdateStore } from '../api/stores';

export const MANAGE_TITLE = 'manage store items';
export const MANAGE_TEXTS = {
  empty: 'nope.',
  moved: 'Items Moved and store updated',
  removed: 'Store updated',
  failed: 'Error Updating store, reload and try again.',
  listLabel: 'Send to Shopping List',
} as const;

const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * 'manage store items' (part 2 §2, §4): tick items, then move them to a shopping list (merged
 * there, then taken out of the store) or remove them from the store.
 */
export function ManageItemsDialog({ store, opened, onClose }: { store: Store; opened: boolean; onClose: () => void }) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [listId, setListId] = useState<string | null>(null);
  const [action, setAction] = useState<'move' | 'remove' | null>(null);
  const lists = useWritableShoppingLists(opened);
  const merge = useMergeIntoList();
  const update = useUpdateStore(store.id);
  const busy = merge.isPending || update.isPending;
  const chosen = store.items.filter((item) => ticked.has(item.id));

  const close = () => {
    setTicked(new Set());
    setListId(null);
    onClose();
  };
  const toggle = (id: number) =>
    setTicked((all) => {
      const next = new Set(all);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const takeOut = (message: string) => {
    update.mutate(
      { items_to_remove: chosen.map((item) => item.id) },
      {
        onSuccess: () => {
          toast(message, 'success');
          close();
        },
        onError: (error) => {
          if (!signedOut(error)) toast(MANAGE_TEXTS.failed, 'error');
        },
      },
    );
  };

  const remove = () => {
    if (chosen.length === 0) return;
    setAction('remove');
    takeOut(MANAGE_TEXTS.removed);
  };

  const move = () => {
    if (!listId || chosen.length === 0) return;
    setAction('move');
    merge.mutate(
      {
        listId: Number(listId),
        payload: {
          ingredients: chosen.map((item) => ({
            value: item.value,
            name: item.name,
            quantity: item.quantity,
            unit: item.unit,
          })),
        },
      },
      {
        onSuccess: () => takeOut(MANAGE_TEXTS.moved),
        onError: (error) => {
          if (!signedOut(error)) toast(MANAGE_TEXTS.failed, 'error');
        },
      },
    );
  };

  return (
    <Dialog opened={opened} onClose={close} title={MANAGE_TITLE} centered size="lg">
      <Stack gap="sm">
        {store.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {MANAGE_TEXTS.empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="50vh" type="auto">
            <Stack gap={6} component="ul" aria-label="store items" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {store.items.map((item) => (
                <li key={item.id}>
                  <Checkbox
                    checked={ticked.has(item.id)}
                    onChange={() => toggle(item.id)}
                    label={
                      <Group gap={6} wrap="wrap" style={{ rowGap: 0 }}>
                        <Text size="sm">{formatQuantity(item.quantity, item.unit)}</Text>
                        <Text size="sm" fw={500}>
                          {item.name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {formatDay(item.expiry_date)}
                        </Text>
                      </Group>
                    }
                    aria-label={item.name}
                  />
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <NativeSelect
          label={MANAGE_TEXTS.listLabel}
          value={listId ?? ''}
          onChange={(event) => setListId(event.currentTarget.value || null)}
          data={[
            { value: '', label: lists.isPending ? 'Loading' : lists.data?.length === 0 ? 'No lists' : 'choose a list' },
            ...(lists.data ?? []).map((list) => ({ value: String(list.user_shoppinglist_id), label: list.name })),
          ]}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            cancel
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={chosen.length === 0 || busy}
            loading={busy && action === 'remove'}
            onClick={remove}
          >
            remove
          </Button>
          <Button disabled={chosen.length === 0 || !listId || busy} loading={busy && action === 'move'} onClick={move}>
            move
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
