import { Anchor, Badge, Button, Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PlanEntry } from '@/shared/api';
import { IconPlus, IconSearch } from '@/shared/ui/icons';
import { ENTRY_NAME_MAX } from '@/shared/ui/send-to-plan';
import { Dialog } from '@/shared/ui';
import { useCatalogueRecipes, useImportedRecipes, useOwnRecipes } from '../api/recipeSources';
import { cataloguePick, customEntry, importedPick, matches, ownPick, type RecipePick } from '../lib/picks';
import { PLAN_TEXTS } from '../lib/texts';

/** The catalogue is searched this long after the last key (one request per pause, not per key). */
export const CATALOGUE_SEARCH_DELAY_MS = 300;

/**
 * The search panel of a day's 'add' control: a 'Search Recipes' box over the user's own recipes,
 * their imported recipes and the catalogue. Picking one adds it to the day; the typed text can be
 * added as a custom entry, or become a new recipe (/recipe-creator?name=...).
 */
export function RecipeSearchPanel({
  title,
  opened,
  onClose,
  onPick,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  onPick: (entry: PlanEntry) => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} centered>
      {opened && <SearchBody onPick={onPick} />}
    </Dialog>
  );
}

function SearchBody({ onPick }: { onPick: (entry: PlanEntry) => void }) {
  const [text, setText] = useState('');
  const [searched] = useDebouncedValue(text, CATALOGUE_SEARCH_DELAY_MS);
  const own = useOwnRecipes(true);
  const imported = useImportedRecipes(true);
  const catalogue = useCatalogueRecipes(searched, true);

  // Own and imported recipes are filtered here; the catalogue's answer is already the search's.
  const picks: RecipePick[] = [
    ...[...(own.data ?? []).map(ownPick), ...(imported.data ?? []).map(importedPick)].filter((pick) =>
      matches(pick.name, text),
    ),
    ...(catalogue.data ?? []).map(cataloguePick),
  ];
  const loading = own.isPending || imported.isPending || catalogue.isPending || catalogue.isFetching;
  const typed = text.trim();

  return (
    <Stack gap="sm">
      <TextInput
        label={PLAN_TEXTS.searchRecipes}
        placeholder={PLAN_TEXTS.searchRecipes}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        // A custom entry's name has the server's limit: typing stops there and says why.
        maxLength={ENTRY_NAME_MAX}
        description={text.length >= ENTRY_NAME_MAX ? `An entry's name has at most ${ENTRY_NAME_MAX} characters.` : undefined}
        leftSection={<IconSearch size={16} />}
        rightSection={loading ? <Loader size="xs" /> : null}
        data-autofocus
      />
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} />}
          disabled={typed === ''}
          onClick={() => onPick(customEntry(typed))}
        >
          add custom
        </Button>
        <Anchor component={Link} to={`/recipe-creator?name=${encodeURIComponent(typed)}`} size="sm">
          create a new recipe
        </Anchor>
      </Group>
      <ScrollArea.Autosize mah={360} type="auto">
        {picks.length === 0 ? (
          <Text c="dimmed" ta="center" py="sm">
            {loading ? '' : 'No recipes found.'}
          </Text>
        ) : (
          <Stack component="ul" gap={2} aria-label="recipes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {picks.map((pick) => (
              <li key={pick.key}>
                <UnstyledButton
                  onClick={() => onPick(pick.entry)}
                  aria-label={pick.name}
                  p="xs"
                  w="100%"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {pick.name}
                    </Text>
                    <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                      {pick.source}
                    </Badge>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}
