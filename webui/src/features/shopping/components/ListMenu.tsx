import { ActionIcon, Menu } from '@mantine/core';
import { canEditList, type ShoppingList } from '@/shared/api';
import {
  IconCopy,
  IconDoorExit,
  IconDots,
  IconEye,
  IconPencil,
  IconReportMoney,
  IconShare,
  IconShoppingCart,
  IconTrash,
} from '@/shared/ui/icons';

export type ViewMode = 'readonly' | 'shopmode';

/**
 * The list's menu (spec part 2 §2): delete (owner), shop / back to viewing, share (owner), edit
 * (with edit rights), remove (a list shared with the user), copy to clipboard, and 'report prices'
 * (disabled). Report is not shown.
 */
export function ListMenu({
  list,
  mode,
  onMode,
  onEdit,
  onCopy,
  onShare,
  onDelete,
  onRemove,
}: {
  list: ShoppingList;
  mode: ViewMode;
  onMode: (mode: ViewMode) => void;
  onEdit: () => void;
  onCopy: () => void;
  onShare: () => void;
  onDelete: () => void;
  onRemove: () => void;
}) {
  const owner = list.role === 'owner';
  return (
    <Menu position="bottom-end" withinPortal={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="list menu">
          <IconDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {mode === 'readonly' ? (
          <Menu.Item leftSection={<IconShoppingCart size={16} />} onClick={() => onMode('shopmode')}>
            shop
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onMode('readonly')}>
            view
          </Menu.Item>
        )}
        {canEditList(list) && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            edit
          </Menu.Item>
        )}
        {owner && (
          <Menu.Item leftSection={<IconShare size={16} />} onClick={onShare}>
            share
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={onCopy}>
          copy to clipboard
        </Menu.Item>
        <Menu.Item leftSection={<IconReportMoney size={16} />} disabled>
          report prices
        </Menu.Item>
        {owner ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            delete
          </Menu.Item>
        ) : (
          <Menu.Item color="red" leftSection={<IconDoorExit size={16} />} onClick={onRemove}>
            remove
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
