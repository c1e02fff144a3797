import { Button, Group, NativeSelect, NumberInput } from '@mantine/core';
import { useState } from 'react';
import type { ShoppingListItem } from '@/shared/api';
import { unitChoices } from '@/shared/lib/quantity';
import { MIN_QUANTITY } from '../lib/items';

/** The server's largest quantity (part 2 §5 'Quantity inputs: numbers, minimum 1'). */
const QUANTITY_MAX = 100_000;
export const MSG_QUANTITY = `A quantity from ${MIN_QUANTITY} to ${QUANTITY_MAX}.`;

/** What 'set' sends: the quantity typed (absolute) and the unit chosen, each only when changed. */
export interface AmountChange {
  quantity?: number;
  unit?: string;
}

/**
 * An item's amount as typed: a quantity box (at least 1) and the units of its kind. A unit chosen
 * alone converts what the list holds (500 g → 0.5 kg, done by the server); a quantity typed is
 * written as it is, in the unit beside it.
 */
export function AmountEditor({
  item,
  onSet,
}: {
  item: ShoppingListItem;
  onSet: (change: AmountChange) => void;
}) {
  const [quantity, setQuantity] = useState<number | string>(item.quantity);
  const [unit, setUnit] = useState(item.unit);
  // Only a quantity typed is held to the minimum: what a merge or a conversion left (½ kg) stays.
  const typed = quantity !== item.quantity;
  const valid = !typed || (typeof quantity === 'number' && quantity >= MIN_QUANTITY && quantity <= QUANTITY_MAX);
  const change: AmountChange = {
    ...(typed ? { quantity: quantity as number } : {}),
    ...(unit !== item.unit ? { unit } : {}),
  };
  const changed = Object.keys(change).length > 0;
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" pb={6}>
      <NumberInput
        label="quantity"
        aria-label={`quantity of ${item.name}`}
        value={quantity}
        onChange={setQuantity}
        min={MIN_QUANTITY}
        max={QUANTITY_MAX}
        clampBehavior="none"
        decimalScale={3}
        w={110}
        error={valid ? undefined : MSG_QUANTITY}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && valid && changed) onSet(change);
        }}
      />
      <NativeSelect
        label="unit"
        aria-label={`unit of ${item.name}`}
        value={unit}
        data={unitChoices(item.unit)}
        onChange={(event) => setUnit(event.currentTarget.value)}
        w={110}
      />
      <Button mt={25} size="sm" variant="light" disabled={!valid || !changed} onClick={() => onSet(change)}>
        set
      </Button>
    </Group>
  );
}
