import { Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { canEditList, type ShoppingList, type Store } from '@/shared/api';
import { isOnline } from '@/shared/hooks';
import { getSession } from '@/shared/session';
import { Dialog, toast } from '@/shared/ui';
import { useShoppingLists } from '../api/shoppingLists';
import { useWritableStores } from '../api/stores';
import { DELETE_DELAY_MS, TEXTS } from '../lib/messages';
import { enqueue, newRequestId, type OutboxEntry, sendEntry } from '../lib/outbox';
import { refreshAfterShop } from '../lib/sync';
import { clearTicks } from '../lib/ticks';

/** The store preselected: the user's default store when it is writable, else the only one. */
export function preselectedStore(stores: readonly Store[]): number | null {
  const preferred = stores.find((store) => store.default) ?? (stores.length === 1 ? stores[0] : undefined);
  return preferred?.id ?? null;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * 'Store Items' (spec part 2 §4): delete this list; store the checked items (on by default, with a
 * count) into a store — chosen when more than one is writable, the default preselected, the only
 * one used as it is; move the unchecked items (with a count) to another list. Confirm sends it all
 * as one request with a fresh request id, kept in the outbox until the server has it.
 */
export function StoreItemsDialog({
  list,
  checked,
  opened,
  onClose,
}: {
  list: ShoppingList;
  /** Values of the ticked items (custom items are never among them). */
  checked: readonly string[];
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={TEXTS.storeItems} centered>
      {opened && <StoreItemsForm list={list} checked={checked} onClose={onClose} />}
    </Dialog>
  );
}

function StoreItemsForm({
  list,
  checked,
  onClose,
}: {
  list: ShoppingList;
  checked: readonly string[];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stores = useWritableStores();
  const lists = useShoppingLists();
  const owner = list.role === 'owner';

  const checkedSet = new Set(checked);
  const unchecked = list.ingredients.filter((item) => !checkedSet.has(item.value)).map((item) => item.value);
  const targets = (lists.data ?? []).filter(
    (other) => other.user_shoppinglist_id !== list.user_shoppinglist_id && canEditList(other),
  );
  const writable = stores.data ?? [];

  const [deleteList, setDeleteList] = useState(false);
  const [storeChecked, setStoreChecked] = useState(true);
  const [chosenStore, setChosenStore] = useState<string | null>(null);
  const [moveUnchecked, setMoveUnchecked] = useState(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const preselected = preselectedStore(writable);
  const storeId = chosenStore !== null ? Number(chosenStore) : preselected;
  const storing = storeChecked && checked.length > 0;
  const moving = moveUnchecked && unchecked.length > 0;
  const ready = (!storing || storeId !== null) && (!moving || moveTo !== null);

  const confirm = async () => {
    const requestId = newRequestId();
    const entry: OutboxEntry = {
      requestId,
      userId: getSession().user?.id ?? null,
      listId: list.user_shoppinglist_id,
      listName: list.name,
      payload: {
        request_id: requestId,
        checked: [...checked],
        store_checked: storeChecked,
        store_id: storing ? storeId : null,
        move_unchecked_to: moving ? Number(moveTo) : null,
        delete_list: owner && deleteList,
      },
      unchecked: moving ? unchecked : [],
      queuedAt: new Date().toISOString(),
    };
    // Written down first: a shop completed without network is sent when it comes back.
    enqueue(entry);
    clearTicks(list.name);
    if (!isOnline()) {
      onClose();
      if (entry.payload.delete_list) void navigate('/user-shopping-lists');
      return;
    }
    setSending(true);
    const outcome = await sendEntry(entry);
    // Buttons stay disabled through the pause before leaving a deleted list.
    if (!(outcome.status === 'sent' && outcome.result.list_deleted)) setSending(false);
    if (outcome.status === 'sent') {
      toast(TEXTS.updated, 'success');
      if (outcome.result.list_deleted) {
        toast(TEXTS.deletedAfterShop, 'success');
        await wait(DELETE_DELAY_MS);
        await navigate('/user-shopping-lists');
      } else {
        onClose();
      }
      refreshAfterShop(queryClient, outcome);
      return;
    }
    console.error('Completing the shop failed', outcome.error);
    if (outcome.status === 'refused') refreshAfterShop(queryClient, outcome);
    // No network: the shop waits in the outbox ('waiting to sync'); a server failure is told.
    const offline = (outcome.error as { status?: number } | null)?.status === 0;
    if (!offline) toast(TEXTS.completeFailed, 'error');
    onClose();
  };

  return (
    <Stack gap="md">
      {owner && (
        <Checkbox
          label="delete this list"
          checked={deleteList}
          onChange={(event) => setDeleteList(event.currentTarget.checked)}
        />
      )}
      <Stack gap={6}>
        <Checkbox
          label={`store checked items (${checked.length})`}
          checked={storeChecked}
          onChange={(event) => setStoreChecked(event.currentTarget.checked)}
        />
        {storeChecked && stores.isSuccess && writable.length > 1 && (
          <Select
            label="store"
            placeholder="choose a store"
            data={writable.map((store) => ({ value: String(store.id), label: store.name }))}
            value={storeId === null ? null : String(storeId)}
            onChange={setChosenStore}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            ml="lg"
          />
        )}
        {storeChecked && stores.isSuccess && writable.length === 1 && (
          <Text size="sm" c="dimmed" ml="lg">
            into {writable[0]!.name}
          </Text>
        )}
        {storeChecked && stores.isSuccess && writable.length === 0 && (
          <Text size="sm" c="red" ml="lg">
            You have no food store to store into yet.
          </Text>
        )}
      </Stack>
      <Stack gap={6}>
        <Checkbox
          label={`move unchecked items (${unchecked.length})`}
          checked={moveUnchecked}
          onChange={(event) => setMoveUnchecked(event.currentTarget.checked)}
        />
        {moveUnchecked && targets.length > 0 && (
          <Select
            label="move to list"
            placeholder="choose a list"
            data={targets.map((other) => ({ value: String(other.user_shoppinglist_id), label: other.name }))}
            value={moveTo}
            onChange={setMoveTo}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            ml="lg"
          />
        )}
        {moveUnchecked && lists.isSuccess && targets.length === 0 && (
          <Text size="sm" c="red" ml="lg">
            There is no other list to move them to.
          </Text>
        )}
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={!ready} loading={sending}>
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}
