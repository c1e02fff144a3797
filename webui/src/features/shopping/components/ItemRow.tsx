import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import type { ShoppingListItem } from '@/shared/api';
import { formatQuantity } from '@/shared/lib/quantity';
import { IconMinus, IconPlus, IconTrash } from '@/shared/ui/icons';
import { isCustomItem, MIN_QUANTITY, stepOf } from '../lib/items';

/** One item in the editor: its name, a quantity stepper (by its default quantity, min 1), remove. */
export function EditorItemRow({
  item,
  onStep,
  onRemove,
}: {
  item: ShoppingListItem;
  /** A step of - or +: the server adds it to the quantity it holds (two devices' steps both count). */
  onStep: (change: number) => void;
  onRemove: () => void;
}) {
  const step = stepOf(item);
  const amount = formatQuantity(item.quantity, item.unit);
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" py={4}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text style={{ overflowWrap: 'anywhere' }}>{item.name}</Text>
        {isCustomItem(item) && (
          <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
            custom
          </Badge>
        )}
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <ActionIcon
          variant="default"
          aria-label={`less ${item.name}`}
          disabled={item.quantity <= MIN_QUANTITY}
          onClick={() => onStep(-Math.min(step, item.quantity - MIN_QUANTITY))}
        >
          <IconMinus size={16} />
        </ActionIcon>
        <Text
          miw={56}
          ta="center"
          size="sm"
          data-testid="item-quantity"
        >
          {amount}
        </Text>
        <ActionIcon variant="default" aria-label={`more ${item.name}`} onClick={() => onStep(step)}>
          <IconPlus size={16} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={`remove ${item.name}`} onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
