import { Button, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '@/shared/ui';
import { useFormOptions, type OptionItem } from '../api/recipes';
import { filterOptions } from '../lib/filters';

export const CREATE_CUSTOM_TEXT = 'create custom item';

/** The longest filter name the server takes (a custom item is named by the typed text). */
const FILTER_NAME_MAX = 200;

/**
 * 'add ingredient' / 'add category': a typed search over the option list (filtering starts at 3
 * characters, case-insensitive containment; an empty input resets). A custom item can be created
 * only when the search matches nothing.
 */
export function AddOptionDialog({
  kind,
  opened,
  onClose,
  onPick,
}: {
  kind: 'ingredient' | 'category';
  opened: boolean;
  onClose: () => void;
  onPick: (item: { value: number | string; name: string } | { custom: string }) => void;
}) {
  const [search, setSearch] = useState('');
  const options = useFormOptions(kind === 'ingredient' ? 'ingredients' : 'categories', opened);
  const all: OptionItem[] = options.data ?? [];
  const shown = filterOptions(all, search);
  const text = search.trim();
  const canCreate = text.length > 0 && options.isSuccess && shown.length === 0;

  const close = () => {
    setSearch('');
    onClose();
  };
  const pick = (item: { value: number | string; name: string } | { custom: string }) => {
    onPick(item);
    close();
  };

  return (
    <Dialog opened={opened} onClose={close} title={`add ${kind}`} zIndex={400} centered>
      <Stack gap="sm">
        <TextInput
          label={`search ${kind === 'ingredient' ? 'ingredients' : 'categories'}`}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={FILTER_NAME_MAX}
          data-autofocus
        />
        {options.isPending && <Loader size="sm" />}
        {options.isError && <Text c="red">Could not load the options.</Text>}
        {options.isSuccess && (
          <ScrollArea.Autosize mah={320}>
            <Stack
              gap={4}
              component="ul"
              aria-label={`${kind} options`}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {shown.map((option) => (
                <li key={String(option.value)}>
                  <Button
                    variant="subtle"
                    justify="flex-start"
                    fullWidth
                    onClick={() => pick({ value: option.value, name: option.name })}
                  >
                    {option.name}
                  </Button>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {canCreate && (
          <>
            <Text size="sm" c="dimmed">
              Nothing matches '{text}'.
            </Text>
            <Button variant="light" onClick={() => pick({ custom: text })}>
              {CREATE_CUSTOM_TEXT}
            </Button>
          </>
        )}
      </Stack>
    </Dialog>
  );
}
