import { Button, Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from '@mantine/core';
import { useId, useState } from 'react';
import { type IngredientOption, useIngredientOptions } from '@/shared/api';
import { COUNT_UNIT, formatQuantity, typedAmount } from '@/shared/lib/quantity';
import { ITEM_NAME_MAX } from '@/shared/ui/send-to-list';
import { canCreateCustom, filterIngredientOptions, INGREDIENT_FILTER_MIN } from './filter';

/** A custom item: a name the catalogue does not know, with no value (the server makes one). */
export interface CustomIngredientPick {
  name: string;
  value?: undefined;
}

/** An amount typed before the name ('1 kg flour'), with `withAmount`. */
export interface PickedAmount {
  amount?: { quantity: number; unit: string | null };
}

/** What the search hands back: a catalogue ingredient option, or a custom item `{name}`. */
export type IngredientPick = (IngredientOption | CustomIngredientPick) & PickedAmount;

export function isCustomPick(pick: IngredientPick): pick is CustomIngredientPick {
  return pick.value === undefined;
}

export const CUSTOM_ITEM_TEXT = 'create custom item';

function hint(failed: boolean, search: string, found: number): string {
  const text = search.trim();
  if (failed) return 'Could not load the ingredients.';
  if (search.length >= ITEM_NAME_MAX) return `An item's name has at most ${ITEM_NAME_MAX} characters.`;
  if (text.length < INGREDIENT_FILTER_MIN) return 'Type 3 letters or more to search.';
  return found === 0 ? `Nothing matches '${text}'.` : `${found} found`;
}

export interface IngredientSearchProps {
  /** Called with the chosen option or the custom item; the input is cleared for the next one. */
  onPick: (pick: IngredientPick) => void;
  /** Label of the search box (default 'search ingredients'). */
  label?: string;
  disabled?: boolean;
  /** An amount typed before the name ('1 kg flour', '6 eggs') searches the name and comes with the pick. */
  withAmount?: boolean;
}

/**
 * Search box over the catalogue ingredients (GET /api/form-options/ingredients, one shared cached
 * query). The list is filtered once more than 2 characters are typed (case-insensitive
 * containment); an empty input resets it. The custom-item button is enabled only when no option
 * matches. Keyboard: arrows move through the options, Enter picks the highlighted one (or makes
 * the custom item when nothing matches), Escape closes the list.
 */
export function IngredientSearch({
  onPick,
  label = 'search ingredients',
  disabled = false,
  withAmount = false,
}: IngredientSearchProps) {
  const [search, setSearch] = useState('');
  const options = useIngredientOptions();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hintId = useId();

  const typed = withAmount ? typedAmount(search) : null;
  const name = typed ? typed.name : search;
  const all = options.data ?? [];
  const shown = filterIngredientOptions(all, name);
  const customAllowed = options.isSuccess && canCreateCustom(all, name);
  const byValue = new Map(all.map((option) => [String(option.value), option]));

  const pick = (choice: IngredientOption | CustomIngredientPick) => {
    onPick(typed ? { ...choice, amount: { quantity: typed.quantity, unit: typed.unit } } : choice);
    setSearch('');
    combobox.closeDropdown();
  };
  const pickCustom = () => {
    if (customAllowed) pick({ name: name.trim() });
  };

  return (
    <div>
      <Combobox
        store={combobox}
        withinPortal={false}
        onOptionSubmit={(value) => {
          const option = byValue.get(value);
          if (option) pick(option);
        }}
      >
        <Combobox.Target>
          <TextInput
            label={label}
            value={search}
            disabled={disabled}
            // The server's limit of an item's name: typing stops there and the hint says why.
            maxLength={ITEM_NAME_MAX}
            aria-describedby={hintId}
            rightSection={options.isPending ? <Loader size="xs" /> : null}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              // Enter with nothing highlighted and nothing matching makes the custom item.
              if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1 && customAllowed) {
                event.preventDefault();
                pickCustom();
              }
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!options.isSuccess || shown.length === 0}>
          <Combobox.Options>
            <ScrollArea.Autosize mah={260} type="scroll">
              {shown.map((option) => (
                <Combobox.Option value={String(option.value)} key={option.value}>
                  {option.name}
                </Combobox.Option>
              ))}
            </ScrollArea.Autosize>
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {/* The hint wraps and the button moves below it when a phone has no room for both on a line. */}
      <Group gap="xs" mt={6} justify="space-between">
        <Text id={hintId} size="xs" c={options.isError ? 'red' : 'dimmed'} style={{ flex: '1 1 12rem' }}>
          {hint(options.isError, name, shown.length)}
          {typed && ` Adds ${formatQuantity(typed.quantity, typed.unit ?? COUNT_UNIT)}.`}
        </Text>
        <Button
          size="xs"
          variant="light"
          disabled={disabled || !customAllowed}
          onClick={pickCustom}
          style={{ flexShrink: 0 }}
        >
          {CUSTOM_ITEM_TEXT}
        </Button>
      </Group>
    </div>
  );
}
