import { Button, Card, Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IngredientSearch } from '@/shared/ui/ingredient-search';
import {
  hasTarget,
  priceText,
  QUANTITY_MAX,
  quantityError,
  resultText,
  SCAN_TEXTS,
  type ScanDraft,
  unitChoices,
  withPick,
} from '../lib/scan';

export interface ScanLineCardProps {
  draft: ScanDraft;
  onChange: (draft: ScanDraft) => void;
  disabled?: boolean;
}

/**
 * One scanned line as a card: its tick ('Result: {name}', with the printed price), the ingredient
 * it goes in as (or 'No Matches Found.') with a search to pick another or make a custom item, and
 * its quantity (minimum 1) and unit.
 */
export function ScanLineCard({ draft, onChange, disabled = false }: ScanLineCardProps) {
  const [searching, { toggle, close }] = useDisclosure(false);
  const { line } = draft;
  const result = resultText(line.name);
  const price = priceText(line);
  const target = hasTarget(draft);

  return (
    <Card withBorder padding="sm" component="li" aria-label={result}>
      <Stack gap="xs">
        <Group wrap="nowrap" align="flex-start" gap="xs" justify="space-between">
          <Checkbox
            label={result}
            checked={draft.ticked}
            disabled={disabled || !target}
            onChange={(event) => onChange({ ...draft, ticked: event.currentTarget.checked })}
            // The printed name stays readable while the tick waits for a match.
            styles={{ label: { overflowWrap: 'anywhere', fontWeight: 500, color: 'var(--mantine-color-text)' } }}
            style={{ minWidth: 0 }}
          />
          {price && (
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }} data-testid="scan-price">
              {price}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap" justify="space-between" style={{ rowGap: 0 }}>
          {draft.match ? (
            <Text size="sm" data-testid="scan-match" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {draft.match.name}
            </Text>
          ) : draft.customName !== null ? (
            <Text size="sm" data-testid="scan-match" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              custom item: {draft.customName}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" data-testid="scan-match">
              {SCAN_TEXTS.noMatch}
            </Text>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={toggle}
            disabled={disabled}
            aria-expanded={searching}
          >
            {target ? 'pick another' : 'pick a match'}
          </Button>
        </Group>
        {searching && (
          <IngredientSearch
            label={`match for ${line.name}`}
            disabled={disabled}
            onPick={(pick) => {
              onChange(withPick(draft, pick));
              close();
            }}
          />
        )}
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput
            label="quantity"
            value={draft.quantity}
            min={1}
            max={QUANTITY_MAX}
            clampBehavior="none"
            disabled={disabled}
            error={quantityError(draft.quantity) ?? undefined}
            onChange={(value) => onChange({ ...draft, quantity: value })}
          />
          <NativeSelect
            label="unit"
            value={draft.unit}
            data={unitChoices(draft.unit)}
            disabled={disabled}
            onChange={(event) => onChange({ ...draft, unit: event.currentTarget.value })}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
