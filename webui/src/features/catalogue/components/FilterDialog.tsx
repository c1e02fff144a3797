import { ActionIcon, Button, Checkbox, Chip, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { preferenceLabel } from '@/shared/lib/preferences';
import type { FilterItem, IncludeExclude } from '@/shared/lib/savedFilters';
import { Dialog, WrappingBadge } from '@/shared/ui';
import { IconX } from '@/shared/ui/icons';
import { PREFERENCE_VALUES, customValue, sameFilter } from '../lib/filters';
import { AddOptionDialog } from './AddOptionDialog';

export const FILTER_DIALOG_TITLE = 'Filters';

/** What a filter shows: its name, or a preference's label ('gluten_free' → 'Gluten free'). */
function filterLabel(item: FilterItem): string {
  return item.type === 'preference' ? preferenceLabel(String(item.value)) : item.name;
}

/**
 * The filter dialog (spec part 1 §2.7): the current filters (each removable), an include/exclude
 * toggle for newly added ingredient or category filters, the add dialogs, the five preference chips,
 * 'cancel', 'apply' and the 'Save' tick. The draft list starts from the applied filters.
 */
export function FilterDialog({
  opened,
  initialFilters,
  initialSave,
  onClose,
  onCancel,
  onApply,
}: {
  opened: boolean;
  initialFilters: FilterItem[];
  initialSave: boolean;
  onClose: () => void;
  onCancel: () => void;
  onApply: (filters: FilterItem[], save: boolean) => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={FILTER_DIALOG_TITLE} centered>
      {opened && (
        <FilterDialogBody
          initialFilters={initialFilters}
          initialSave={initialSave}
          onCancel={onCancel}
          onApply={onApply}
        />
      )}
    </Dialog>
  );
}

function FilterDialogBody({
  initialFilters,
  initialSave,
  onCancel,
  onApply,
}: {
  initialFilters: FilterItem[];
  initialSave: boolean;
  onCancel: () => void;
  onApply: (filters: FilterItem[], save: boolean) => void;
}) {
  const [filters, setFilters] = useState<FilterItem[]>(initialFilters);
  const [mode, setMode] = useState<IncludeExclude>('include');
  const [save, setSave] = useState(initialSave);
  const [adding, setAdding] = useState<'ingredient' | 'category' | null>(null);

  const add = (item: FilterItem) => {
    setFilters((current) => (current.some((f) => sameFilter(f, item)) ? current : [...current, item]));
  };
  const remove = (item: FilterItem) => setFilters((current) => current.filter((f) => !sameFilter(f, item)));
  const preferences = filters.filter((f) => f.type === 'preference').map((f) => String(f.value));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Current filters
        </Text>
        {filters.length === 0 ? (
          <Text size="sm" c="dimmed">
            No filters
          </Text>
        ) : (
          <Group gap={6} component="ul" aria-label="current filters" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {filters.map((item) => (
              <li key={`${item.type}-${String(item.value)}-${item.name}`}>
                <WrappingBadge
                  variant="light"
                  color={item.includeExclude === 'exclude' ? 'red' : 'green'}
                  rightSection={
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      color="gray"
                      aria-label={`remove ${filterLabel(item)}`}
                      onClick={() => remove(item)}
                    >
                      <IconX size={12} />
                    </ActionIcon>
                  }
                >
                  {`${item.includeExclude} ${item.type}: ${filterLabel(item)}`}
                </WrappingBadge>
              </li>
            ))}
          </Group>
        )}
      </Stack>

      <SegmentedControl
        aria-label="include or exclude"
        value={mode}
        onChange={(value) => setMode(value === 'exclude' ? 'exclude' : 'include')}
        data={[
          { value: 'include', label: 'include' },
          { value: 'exclude', label: 'exclude' },
        ]}
      />

      {/* Side by side where there is room; one above the other on a phone, labels in full. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button variant="light" onClick={() => setAdding('ingredient')}>
          add ingredient
        </Button>
        <Button variant="light" onClick={() => setAdding('category')}>
          add category
        </Button>
      </SimpleGrid>

      <Chip.Group
        multiple
        value={preferences}
        onChange={(next) => {
          setFilters((current) => {
            const kept = current.filter((f) => f.type !== 'preference' || next.includes(String(f.value)));
            const added = PREFERENCE_VALUES.filter(
              (value) => next.includes(value) && !kept.some((f) => f.type === 'preference' && f.value === value),
            ).map((value): FilterItem => ({ value, name: value, type: 'preference', includeExclude: 'include' }));
            return [...kept, ...added];
          });
        }}
      >
        <Group gap={6} aria-label="preferences" role="group">
          {PREFERENCE_VALUES.map((value) => (
            <Chip key={value} value={value} size="sm">
              {preferenceLabel(value)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      <Group justify="space-between">
        <Checkbox label="Save" checked={save} onChange={(event) => setSave(event.currentTarget.checked)} />
        <Group gap="xs">
          <Button variant="default" onClick={onCancel}>
            cancel
          </Button>
          <Button onClick={() => onApply(filters, save)}>apply</Button>
        </Group>
      </Group>

      <AddOptionDialog
        kind={adding ?? 'ingredient'}
        opened={adding !== null}
        onClose={() => setAdding(null)}
        onPick={(picked) => {
          const type = adding ?? 'ingredient';
          if ('custom' in picked) add({ value: customValue(), name: picked.custom, type, includeExclude: mode });
          else add({ value: picked.value, name: picked.name, type, includeExclude: mode });
        }}
      />
    </Stack>
  );
}
