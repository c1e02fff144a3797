import { Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { canEditList, queryKeys, useCategoryNames } from '@/shared/api';
import { copyText } from '@/shared/lib/clipboard';
import { CenteredLoader, confirmDialog, toast } from '@/shared/ui';
import { ShareDialog } from '@/shared/ui/share-dialog';
import {
  dropListDetail,
  useDeleteShoppingList,
  useLeaveShoppingList,
  useShoppingList,
  useShoppingLists,
} from '../api/shoppingLists';
import { useWritableStores } from '../api/stores';
import { ItemGroups } from '../components/ItemGroups';
import { ListMenu, type ViewMode } from '../components/ListMenu';
import { StoreItemsDialog } from '../components/StoreItemsDialog';
import { SyncStatus } from '../components/SyncStatus';
import { groupItems, isCustomItem, listAsText } from '../lib/items';
import { TEXTS } from '../lib/messages';
import { pendingRemovals, useOutbox } from '../lib/outbox';
import { useTicks } from '../lib/useTicks';
import { ListNotLoaded } from '../components/ListNotLoaded';

/** `viewMode` (or the list rows' `view`) from the address: 'shopmode', else 'readonly'. */
export function viewModeOf(params: URLSearchParams): ViewMode {
  return (params.get('viewMode') ?? params.get('view')) === 'shopmode' ? 'shopmode' : 'readonly';
}

/**
 * /user-shopping-lists/{id}?viewMode=readonly|shopmode: the list by category. In shop mode items
 * are ticked (kept on this device under the list's name) and, with edit rights, the shop is
 * completed through 'Store Items'. Works offline once the list has been opened: the service worker
 * answers the reads, and a completed shop waits in the outbox.
 */
export function ListViewRoute() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const mode = viewModeOf(params);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: fetched, isPending, error } = useShoppingList(id);
  const categories = useCategoryNames();
  const waiting = useOutbox(id);
  const editable = fetched ? canEditList(fetched) : false;
  // Read now so the 'Store Items' dialog has them offline later.
  useWritableStores(editable);
  useShoppingLists();
  const remove = useDeleteShoppingList();
  const leave = useLeaveShoppingList();
  const [completing, setCompleting] = useState(false);
  const [sharing, setSharing] = useState(false);

  useEffect(() => {
    if (error) console.error('Loading the shopping list failed', error);
  }, [error]);

  // A shop waiting to sync has already taken its items off the list, as far as this screen goes.
  const pending = useMemo(() => pendingRemovals(waiting), [waiting]);
  const list = useMemo(
    () =>
      fetched && pending.values.size > 0
        ? { ...fetched, ingredients: fetched.ingredients.filter((item) => !pending.values.has(item.value)) }
        : fetched,
    [fetched, pending],
  );
  const items = useMemo(() => list?.ingredients ?? [], [list]);
  const { checked, toggle } = useTicks(list?.name ?? '', items);
  const groups = useMemo(() => groupItems(items, categories.data ?? new Map()), [items, categories.data]);

  if (isPending) return <CenteredLoader label="Loading the list" />;
  if (!list) return <ListNotLoaded />;

  const shopping = mode === 'shopmode';
  const ticked = items.filter((item) => !isCustomItem(item) && checked.has(item.value)).map((item) => item.value);
  const setMode = (next: ViewMode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('view');
        updated.set('viewMode', next);
        return updated;
      },
      { replace: true },
    );

  const onCopy = () =>
    copyText(listAsText(list.name, groups)).then(
      () => toast(TEXTS.copied, 'success'),
      (failure: unknown) => console.error('Copying the list failed', failure),
    );

  const onDelete = async () => {
    const confirmed = await confirmDialog({
      title: `Delete ${list.name}?`,
      description: 'This action cannot be undone',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(id, {
      onSuccess: () => {
        toast(TEXTS.deleted, 'success');
        void Promise.resolve(navigate('/user-shopping-lists')).then(() => dropListDetail(queryClient, id));
      },
      onError: (failure) => {
        console.error('Deleting the list failed', failure);
        toast(failure.message, 'error');
      },
    });
  };

  const onRemove = async () => {
    const confirmed = await confirmDialog({
      title: `Remove ${list.name} from shared lists?`,
      description: 'This action cannot be undone.',
      danger: true,
    });
    if (!confirmed) return;
    leave.mutate(id, {
      onSuccess: () => {
        toast(TEXTS.removed, 'success');
        void Promise.resolve(navigate('/user-shopping-lists#shared')).then(() =>
          dropListDetail(queryClient, id),
        );
      },
      onError: (failure) => {
        console.error('Leaving the list failed', failure);
        toast(failure.message, 'error');
      },
    });
  };

  return (
    <Container size="sm" px="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {list.name}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={shopping ? 'orange' : 'gray'}>
              {shopping ? 'shop mode' : 'read only'}
            </Badge>
            {list.role !== 'owner' && (
              <Text size="sm" c="dimmed">
                author: {list.owner_name}
              </Text>
            )}
          </Group>
        </Stack>
        <ListMenu
          list={list}
          mode={mode}
          onMode={setMode}
          onEdit={() => void navigate(`/user-shopping-lists/edit/${id}`)}
          onCopy={() => void onCopy()}
          onShare={() => setSharing(true)}
          onDelete={() => void onDelete()}
          onRemove={() => void onRemove()}
        />
      </Group>
      <Stack gap="md">
        <SyncStatus entries={waiting} />
        {items.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {pending.deleting ? 'This list is deleted once the shop is synced.' : 'This list is empty.'}
          </Text>
        ) : (
          <ItemGroups groups={groups} shopping={shopping} checked={checked} onToggle={toggle} />
        )}
        {/* Nothing to complete on an empty list: the button appears with the first item. */}
        {shopping && editable && !pending.deleting && items.length > 0 && (
          <Button size="md" onClick={() => setCompleting(true)}>
            complete shop
          </Button>
        )}
      </Stack>
      <StoreItemsDialog list={list} checked={ticked} opened={completing} onClose={() => setCompleting(false)} />
      {list.role === 'owner' && (
        <ShareDialog
          entityId={id}
          entityType="UserShoppinglist"
          sharedWith={list.shared_with}
          opened={sharing}
          onClose={() => setSharing(false)}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.all })}
        />
      )}
    </Container>
  );
}
