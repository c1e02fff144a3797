import { Anchor, Badge, Button, Container, Group, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError, USE_UP_DAYS } from '@/shared/api';
import { loadSavedFilters } from '@/shared/lib/savedFilters';
import { CenteredLoader, FormAlert } from '@/shared/ui';
import { IconSearch } from '@/shared/ui/icons';
import { useCookSuggestions } from '../api/suggestions';
import { SuggestionRow } from '../components/SuggestionRow';

/** The search applies this long after the last key. */
export const COOK_SEARCH_DELAY_MS = 400;
/** The server's longest search. */
export const COOK_SEARCH_MAX = 200;

export const COOK_TEXTS = {
  title: 'Cook from what you have',
  intro: 'Recipes ranked by what is already in your food stores.',
  search: 'Search recipes',
  useUp: 'Use it up first',
  useUpHint: `Only recipes that use what expires in the next ${USE_UP_DAYS} days.`,
  list: 'suggestions',
  empty: 'Nothing at home matches a recipe yet. Add what you have to a food store.',
  stores: 'go to your food stores',
  noMatch: 'No suggestion matches the search or the switch.',
  failed: 'Could not load the suggestions. Please try again later.',
  retry: 'try again',
  filters: (count: number) => (count === 1 ? '1 saved filter applied' : `${count} saved filters applied`),
} as const;

/** Router state that opens /cook with 'Use it up first' on (the dashboard's 'see all'). */
export interface CookState {
  useUp?: boolean;
}

/**
 * /cook, 'Cook from what you have': the recipes (catalogue, own, imported) best cooked from the
 * stock of every store the user sees, best first, each saying why and what is missing, with 'add
 * to plan' and 'send missing to list'. A search box and 'Use it up first' (only recipes using
 * stock that expires within 3 days) narrow it; the filters saved in Discover apply, and the server
 * applies the account's preferences.
 */
export function CookRoute() {
  const location = useLocation();
  const [useUp, setUseUp] = useState(() => Boolean((location.state as CookState | null)?.useUp));
  const [input, setInput] = useState('');
  const [debounced] = useDebouncedValue(input.trim(), COOK_SEARCH_DELAY_MS);
  // Read once: the saved filters change only in Discover's filter dialog.
  const [filters] = useState(loadSavedFilters);
  const result = useCookSuggestions({ search: debounced, filters, useUp });
  const { error } = result;
  useEffect(() => {
    if (error && !(isApiError(error) && error.status === 401)) console.error('Loading the suggestions failed', error);
  }, [error]);

  const body = () => {
    if (result.isPending) return <CenteredLoader label="Loading suggestions" />;
    if (result.isError)
      return (
        <Stack gap="xs" align="flex-start">
          <FormAlert>{COOK_TEXTS.failed}</FormAlert>
          <Button variant="light" size="xs" onClick={() => void result.refetch()}>
            {COOK_TEXTS.retry}
          </Button>
        </Stack>
      );
    if (result.data.length === 0) {
      if (debounced !== '' || useUp)
        return (
          <Text c="dimmed" ta="center" py="lg" data-testid="suggestions-empty">
            {COOK_TEXTS.noMatch}
          </Text>
        );
      return (
        <Stack align="center" gap="xs" py="lg" data-testid="suggestions-empty">
          <Text c="dimmed" ta="center">
            {COOK_TEXTS.empty}
          </Text>
          <Anchor component={Link} to="/user-stores">
            {COOK_TEXTS.stores}
          </Anchor>
        </Stack>
      );
    }
    return (
      <Stack
        gap="xs"
        component="ul"
        aria-label={COOK_TEXTS.list}
        data-testid="suggestion-list"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {result.data.map((suggestion) => (
          <SuggestionRow key={`${suggestion.kind}-${suggestion.recipe_id}`} suggestion={suggestion} />
        ))}
      </Stack>
    );
  };

  return (
    <Container size="md" px="xs">
      <Title order={2}>{COOK_TEXTS.title}</Title>
      <Text c="dimmed" size="sm" mb="md">
        {COOK_TEXTS.intro}
      </Text>
      <Stack gap="xs" mb="md">
        <TextInput
          aria-label={COOK_TEXTS.search}
          placeholder={COOK_TEXTS.search.toLowerCase()}
          leftSection={<IconSearch size={16} />}
          rightSection={result.isFetching && !result.isPending ? <Loader size="xs" aria-label="updating" /> : null}
          value={input}
          maxLength={COOK_SEARCH_MAX}
          onChange={(event) => setInput(event.currentTarget.value)}
        />
        <Group justify="space-between" gap="xs">
          <Switch
            // Named by its label alone (the wrapping label would add the description to the name).
            aria-label={COOK_TEXTS.useUp}
            label={COOK_TEXTS.useUp}
            description={COOK_TEXTS.useUpHint}
            checked={useUp}
            onChange={(event) => setUseUp(event.currentTarget.checked)}
          />
          {filters.length > 0 && (
            <Badge variant="light" size="sm">
              {COOK_TEXTS.filters(filters.length)}
            </Badge>
          )}
        </Group>
      </Stack>
      {body()}
    </Container>
  );
}
