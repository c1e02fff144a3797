import { Badge, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError, type Store, type StoreItem, useCategoryNames } from '@/shared/api';
import { CenteredLoader, confirmDialog, StoreBadges, toast } from '@/shared/ui';
import { IconListDetails } from '@/shared/ui/icons';
import { type IngredientPick, IngredientSearch, isCustomPick } from '@/shared/ui/ingredient-search';
import { useStore, useUpdateStore } from '../api/stores';
import { ManageItemsDialog } from '../components/ManageItemsDialog';
import { ScanReceiptButton } from '../components/ScanReceiptButton';
import { StoreItemRow } from '../components/StoreItemRow';
import { StoreKindPicker } from '../components/StoreKindPicker';
import { STORE_TEXTS, StoreMenu } from '../components/StoreMenu';
import { canEdit, groupItems, storeTitle } from '../lib/stores';
import { useItemEdits } from '../lib/useItemEdits';

export const DETAIL_TEXTS = {
  empty: 'Nothing in this store yet.',
  notFound: 'Store not found.',
  updated: 'Store updated',
  readonly: 'read only',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteDescription: (store: string) => `It is taken out of ${store}.`,
  deleted: (name: string, store: string) => `${name} removed from ${store}`,
} as const;

const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * /user-stores/{id} (optional ?view=readonly): the store's items by category with their quantity
 * and expiry, a search that adds items (custom ones too), item edits saved 500 ms after the last
 * change, the store menu, and 'Scan receipt' (preselecting this store). Without edit rights, or in
 * the read-only view, no control changes anything.
 */
export function StoreDetailRoute() {
  const { id } = useParams();
  const storeId = Number(id);
  const { data: store, isPending, error } = useStore(storeId);
  useEffect(() => {
    if (error) console.error('Loading the store failed', error);
  }, [error]);

  if (!Number.isInteger(storeId) || storeId <= 0 || (error && isApiError(error) && error.status === 404)) {
    return <NotFoundStore />;
  }
  if (isPending) return <CenteredLoader label="Loading store" />;
  if (!store) return <NotFoundStore message={isApiError(error) ? error.message : undefined} />;
  return <StoreDetail store={store} />;
}

function NotFoundStore({ message = DETAIL_TEXTS.notFound }: { message?: string }) {
  return (
    <Container size="md" px="xs">
      <Stack align="center" py="xl">
        <Text>{message}</Text>
        <Button component={Link} to="/user-stores" variant="light">
          back to stores
        </Button>
      </Stack>
    </Container>
  );
}

function StoreDetail({ store }: { store: Store }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const readonlyView = params.get('view') === 'readonly';
  const editable = canEdit(store.role) && !readonlyView;
  const categories = useCategoryNames();
  const groups = useMemo(
    () => groupItems(store.items, categories.data ?? new Map<number, string>()),
    [store.items, categories.data],
  );
  const { drafts, saved, change } = useItemEdits(store);
  const update = useUpdateStore(store.id);
  const [managing, { open: openManage, close: closeManage }] = useDisclosure(false);

  const save = (payload: Parameters<typeof update.mutate>[0]) =>
    update.mutate(payload, {
      onSuccess: () => toast(DETAIL_TEXTS.updated, 'success'),
      onError: (failure) => {
        if (!signedOut(failure)) toast(STORE_TEXTS.updateFailed, 'error');
      },
    });
  const add = (pick: IngredientPick) =>
    save({ items: [isCustomPick(pick) ? { name: pick.name } : { value: pick.value }] });
  const remove = async (item: StoreItem) => {
    const confirmed = await confirmDialog({
      title: DETAIL_TEXTS.deleteTitle(item.name),
      description: DETAIL_TEXTS.deleteDescription(storeTitle(store)),
      danger: true,
    });
    if (!confirmed) return;
    update.mutate(
      { items_to_remove: [item.id] },
      {
        onSuccess: () => toast(DETAIL_TEXTS.deleted(item.name, storeTitle(store)), 'success'),
        onError: (failure) => {
          if (!signedOut(failure)) toast(STORE_TEXTS.updateFailed, 'error');
        },
      },
    );
  };

  return (
    <Container size="md" px="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {storeTitle(store)}
        </Title>
        <StoreMenu store={store} onGone={() => void navigate('/user-stores')} />
      </Group>
      {store.description && (
        <Text c="dimmed" mb="xs">
          {store.description}
        </Text>
      )}
      <Group gap="xs" mb="md" wrap="wrap">
        <StoreBadges store={store} />
        {!editable && (
          <Badge variant="outline" color="gray">
            {DETAIL_TEXTS.readonly}
          </Badge>
        )}
      </Group>

      {editable && (
        <Stack gap="sm" mb="md">
          <Group gap="xs" wrap="wrap" align="flex-end">
            <StoreKindPicker value={store.kind} onChange={(kind) => save({ kind })} disabled={update.isPending} />
            <Button variant="light" leftSection={<IconListDetails size={18} />} onClick={openManage}>
              manage items
            </Button>
            <ScanReceiptButton storeId={store.id} />
          </Group>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>
              <IngredientSearch label="add to store" onPick={add} />
            </div>
            {update.isPending && <Loader size="sm" mt={30} aria-label="Saving" />}
          </Group>
        </Stack>
      )}

      {store.items.length > 0 && categories.isPending ? (
        // Items wait for the category names, so that they do not jump between groups.
        <CenteredLoader label="Loading categories" />
      ) : store.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {DETAIL_TEXTS.empty}
        </Text>
      ) : (
        <Stack gap="md">
          {groups.map((group) => (
            <section key={group.name} aria-label={group.name}>
              <Group gap="xs" mb={4}>
                <Title order={3} size="h5">
                  {group.name}
                </Title>
                <Badge variant="light" size="sm" aria-label={`${group.items.length} items`}>
                  {group.items.length}
                </Badge>
              </Group>
              <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {group.items.map((item) => (
                  <StoreItemRow
                    key={item.id}
                    item={item}
                    draft={drafts[item.id]}
                    saved={saved.has(item.id)}
                    onChange={editable ? change : undefined}
                    onDelete={editable ? (gone) => void remove(gone) : undefined}
                  />
                ))}
              </Stack>
            </section>
          ))}
        </Stack>
      )}
      {editable && <ManageItemsDialog store={store} opened={managing} onClose={closeManage} />}
    </Container>
  );
}
