import { ActionIcon, Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, queryKeys, type Store } from '@/shared/api';
import { confirmDialog, toast } from '@/shared/ui';
import { IconDots } from '@/shared/ui/icons';
import { ShareDialog } from '@/shared/ui/share-dialog';
import { useDeleteStore, useRemoveSharedStore, useSetDefaultStore } from '../api/stores';
import { storeActions, storeTitle } from '../lib/stores';

export const STORE_TEXTS = {
  deleted: 'Store Deleted.',
  removed: (title: string) => `${title} removed.`,
  setDefault: (name: string) => `${name} set to default`,
  /** Set default or remove failed (spelled so in the spec). */
  failed: 'An error Occureed',
  updateFailed: 'Error Updating store, reload and try again.',
} as const;

/** A 401 already signs the user out and goes to /login: no toast then. */
const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * The store's action menu (part 2 §4 'Store actions'): delete, remove, view, edit, share, set
 * default, each shown by the rules of `storeActions`; share opens the share dialog. `onGone` runs
 * after the store was deleted or removed.
 */
export function StoreMenu({ store, onGone }: { store: Store; onGone?: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteStore();
  const leave = useRemoveSharedStore();
  const setDefault = useSetDefaultStore();
  const queryClient = useQueryClient();
  const [sharing, setSharing] = useState(false);
  const busy = remove.isPending || leave.isPending || setDefault.isPending;
  const actions = storeActions(store);

  const onDelete = async () => {
    const confirmed = await confirmDialog({
      title: `Delete ${store.name}?`,
      description: 'This action cannot be undone',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(store.id, {
      onSuccess: () => {
        toast(STORE_TEXTS.deleted, 'success');
        onGone?.();
      },
      onError: (error) => {
        if (!signedOut(error)) toast(isApiError(error) && error.status === 409 ? error.message : STORE_TEXTS.updateFailed, 'error');
      },
    });
  };

  const onRemove = async () => {
    const confirmed = await confirmDialog({
      title: `Remove ${store.name} from shared stores?`,
      description: 'This action cannot be undone.',
      danger: true,
    });
    if (!confirmed) return;
    leave.mutate(store.id, {
      onSuccess: () => {
        toast(STORE_TEXTS.removed(store.name), 'success');
        onGone?.();
      },
      onError: (error) => {
        if (!signedOut(error)) toast(STORE_TEXTS.failed, 'error');
      },
    });
  };

  const onSetDefault = () =>
    setDefault.mutate(store.id, {
      onSuccess: () => toast(STORE_TEXTS.setDefault(store.name), 'success'),
      onError: (error) => {
        if (!signedOut(error)) toast(STORE_TEXTS.failed, 'error');
      },
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={`actions for ${storeTitle(store)}`} loading={busy}>
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => {
            switch (action) {
              case 'delete':
                return (
                  <Menu.Item key={action} color="red" onClick={() => void onDelete()}>
                    delete
                  </Menu.Item>
                );
              case 'remove':
                return (
                  <Menu.Item key={action} color="red" onClick={() => void onRemove()}>
                    remove
                  </Menu.Item>
                );
              case 'view':
                return (
                  <Menu.Item key={action} onClick={() => void navigate(`/user-stores/${store.id}?view=readonly`)}>
                    view
                  </Menu.Item>
                );
              case 'edit':
                return (
                  <Menu.Item key={action} onClick={() => void navigate(`/user-stores/${store.id}`)}>
                    edit
                  </Menu.Item>
                );
              case 'share':
                return (
                  <Menu.Item key={action} onClick={() => setSharing(true)}>
                    share
                  </Menu.Item>
                );
              case 'set default':
                return (
                  <Menu.Item key={action} onClick={onSetDefault}>
                    set default
                  </Menu.Item>
                );
            }
          })}
        </Menu.Dropdown>
      </Menu>
      {actions.includes('share') && (
        <ShareDialog
          entityId={store.id}
          entityType="UserFoodStore"
          sharedWith={store.shared_with}
          opened={sharing}
          onClose={() => setSharing(false)}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: queryKeys.stores.all })}
        />
      )}
    </>
  );
}
