import { ActionIcon, Button, Collapse, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { StoreItem } from '@/shared/api';
import { formatDay, localDay, parseDay } from '@/shared/lib/dates';
import { DEFAULT_UNIT, formatQuantity, MEASUREMENT_UNITS } from '@/shared/lib/quantity';
import { IconChevronDown, IconPencil, IconTrash } from '@/shared/ui/icons';
import { expiryLabel, MSG_QUANTITY_MIN } from '../lib/stores';
import type { ItemChange, ItemDraft } from '../lib/useItemEdits';

/** The units a store item may be kept in: the 10 measurement units and part 2's 'unit'. */
export const STOCK_UNITS: readonly string[] = [...MEASUREMENT_UNITS, DEFAULT_UNIT];
const EXPIRY_DAYS_MAX = 3650;
export const MSG_DAY = 'Write the date as DD/MM/YYYY';

const FRESHNESS_COLOR = { expired: 'red', expiring: 'orange', fresh: 'dimmed' } as const;

export interface StoreItemRowProps {
  item: StoreItem;
  draft: ItemDraft | undefined;
  /** Its last edit is saved: the row says so (a toast lasts a second) until it is changed again. */
  saved?: boolean;
  /** Without it the row is read-only: no controls. */
  onChange?: (id: number, draft: ItemDraft, changed: ItemChange | null, field: keyof ItemChange) => void;
  /** Offered in the item's editor: take the item out of the store. */
  onDelete?: (item: StoreItem) => void;
}

/**
 * One item of a store: its name, quantity and unit, and the expiry label. With edit rights an
 * edit button opens its quantity, unit, expiry days and the day it was added, and 'delete'.
 */
export function StoreItemRow({ item, draft, saved = false, onChange, onDelete }: StoreItemRowProps) {
  const [open, { toggle }] = useDisclosure(false);
  const quantity = draft?.quantity ?? item.quantity;
  const unit = draft?.unit ?? item.unit;
  const days = draft?.estimated_expiry_days ?? item.estimated_expiry_days ?? '';
  const dayAdded = draft?.day_added ?? formatDay(localDay(new Date(item.date_added)));
  const dayValid = parseDay(dayAdded) !== null;
  const quantityValid = typeof quantity === 'number' && quantity >= 1;
  const detailsId = `store-item-${item.id}`;

  return (
    <Stack component="li" gap={4} py={6} aria-label={item.name} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group wrap="nowrap" gap="xs" align="center">
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Text>
          <Group gap="xs" wrap="wrap" style={{ rowGap: 0 }}>
            <Text size="sm" data-testid="item-quantity">
              {formatQuantity(item.quantity, item.unit)}
            </Text>
            <Text size="sm" c={FRESHNESS_COLOR[item.freshness]} data-testid="item-expiry">
              {expiryLabel(item)}
            </Text>
            {saved && (
              <Text size="sm" c="larder" role="status">
                saved
              </Text>
            )}
          </Group>
        </Stack>
        {onChange && (
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`edit ${item.name}`}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={toggle}
          >
            {open ? <IconChevronDown size={18} /> : <IconPencil size={18} />}
          </ActionIcon>
        )}
      </Group>
      {onChange && (
        <Collapse expanded={open} id={detailsId} keepMounted={false} transitionDuration={0}>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" pb="xs">
            <NumberInput
              label="quantity"
              value={quantity}
              min={1}
              max={100_000}
              clampBehavior="none"
              step={item.default_quantity >= 1 ? item.default_quantity : 1}
              error={quantityValid ? undefined : MSG_QUANTITY_MIN}
              onChange={(value) => {
                const valid = typeof value === 'number' && value >= 1;
                onChange(item.id, { quantity: value }, valid ? { quantity: value } : null, 'quantity');
              }}
            />
            <NativeSelect
              label="unit"
              value={unit}
              data={STOCK_UNITS.includes(unit) ? [...STOCK_UNITS] : [unit, ...STOCK_UNITS]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                onChange(item.id, { unit: value }, { unit: value }, 'unit');
              }}
            />
            <NumberInput
              label="expiry days"
              value={days}
              min={0}
              max={EXPIRY_DAYS_MAX}
              clampBehavior="none"
              allowDecimal={false}
              onChange={(value) => {
                const valid = typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= EXPIRY_DAYS_MAX;
                onChange(
                  item.id,
                  { estimated_expiry_days: value },
                  valid ? { estimated_expiry_days: value } : null,
                  'estimated_expiry_days',
                );
              }}
            />
            <TextInput
              label="date added"
              placeholder="DD/MM/YYYY"
              value={dayAdded}
              error={dayValid ? undefined : MSG_DAY}
              onChange={(event) => {
                const text = event.currentTarget.value;
                const day = parseDay(text);
                // A day without a time of day: noon of that day in the instance's zone.
                onChange(item.id, { day_added: text }, day ? { date_added: `${day}T12:00:00` } : null, 'date_added');
              }}
            />
          </SimpleGrid>
          {onDelete && (
            <Group justify="flex-end" pb="xs">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                aria-label={`delete ${item.name}`}
                onClick={() => onDelete(item)}
              >
                delete
              </Button>
            </Group>
          )}
        </Collapse>
      )}
    </Stack>
  );
}
