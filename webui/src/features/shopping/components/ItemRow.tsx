import { ActionIcon, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { ShoppingListItem } from '@/shared/api';
import { formatQuantity } from '@/shared/lib/quantity';
import { IconMinus, IconPlus, IconTrash } from '@/shared/ui/icons';
import { isCustomItem, MIN_QUANTITY, stepOf } from '../lib/items';
import { type AmountChange, AmountEditor } from './AmountEditor';

/**
 * One item in the editor: its name, a quantity stepper (by its default quantity, min 1) around its
 * amount, remove. The amount opens a quantity box and a unit choice (AmountEditor).
 */
export function EditorItemRow({
  item,
  onStep,
  onAmount,
  onRemove,
}: {
  item: ShoppingListItem;
  /** A step of - or +: the server adds it to the quantity it holds (two devices' steps both count). */
  onStep: (change: number) => void;
  onAmount: (change: AmountChange) => void;
  onRemove: () => void;
}) {
  const step = stepOf(item);
  const amount = formatQuantity(item.quantity, item.unit);
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap={0}>
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
          <UnstyledButton
            aria-label={`amount of ${item.name}`}
            aria-expanded={editing}
            onClick={() => setEditing((open) => !open)}
          >
            <Text miw={56} ta="center" size="sm" td="underline dotted" data-testid="item-quantity">
              {amount}
            </Text>
          </UnstyledButton>
          <ActionIcon variant="default" aria-label={`more ${item.name}`} onClick={() => onStep(step)}>
            <IconPlus size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`remove ${item.name}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {editing && (
        <AmountEditor
          key={`${item.quantity}-${item.unit}`}
          item={item}
          onSet={(change) => {
            onAmount(change);
            setEditing(false);
          }}
        />
      )}
    </Stack>
  );
}
