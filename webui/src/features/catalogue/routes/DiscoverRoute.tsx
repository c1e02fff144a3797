import { ActionIcon, Badge, Button, Container, Group, Indicator, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { preferenceLabel, userPreferences } from '@/shared/lib/preferences';
import { useSession } from '@/shared/session';
import { CenteredLoader, ComingSoon, FormAlert, useHashTab } from '@/shared/ui';
import { IconChefHat, IconFilter, IconSearch, IconX } from '@/shared/ui/icons';
import { recipeListQuery, useRecipePage } from '../api/recipes';
import { PageNavigator } from '../components/PageNavigator';
import { RecipeRow } from '../components/RecipeRow';
import { DISCOVER_TABS, openingFilters } from '../firstScreen';
import { clearSavedFilters, type FilterItem, hasSavedFilters, saveFilters } from '@/shared/lib/savedFilters';
import { withPreferences } from '../lib/filters';

// The filter dialog (a modal with its chips, toggles and add dialogs) is fetched when first opened.
const FilterDialog = lazy(async () => ({ default: (await import('../components/FilterDialog')).FilterDialog }));

/** Discover search: applies above this many characters, after this long without typing (spec §9). */
export const SEARCH_MIN_EXCLUSIVE = 2;
export const SEARCH_DEBOUNCE_MS = 800;

export { DISCOVER_TABS };

/** Discover's link to /cook (signed-in users). */
export const COOK_LINK_TEXT = 'Cook from what you have';

/**
 * /recipes: Verified (the catalogue list), Community and Recommended ('Coming Soon.'); signed-in
 * users also get a link to 'Cook from what you have' (/cook).
 */
export function DiscoverRoute() {
  const [tab, setTab] = useHashTab(DISCOVER_TABS, 'verified');
  const { signedIn } = useSession();
  return (
    <Container size="md" px="xs">
      <Group justify="space-between" gap="xs" mb="md">
        <Title order={2}>Discover</Title>
        {signedIn && (
          <Button
            component={Link}
            to="/cook"
            variant="light"
            size="xs"
            leftSection={<IconChefHat size={16} />}
            data-testid="cook-link"
          >
            {COOK_LINK_TEXT}
          </Button>
        )}
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="verified">Verified</Tabs.Tab>
          <Tabs.Tab value="community">Community</Tabs.Tab>
          <Tabs.Tab value="recommended">Recommended</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="verified">
          <RecipeList />
        </Tabs.Panel>
        <Tabs.Panel value="community">
          <ComingSoon />
        </Tabs.Panel>
        <Tabs.Panel value="recommended">
          <ComingSoon />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

function RecipeList() {
  const { signedIn, user } = useSession();
  // The account's saved preferences (none for visitors) start the list as preference filters; they
  // are ordinary filters from then on: removing one is a view choice, the account keeps it.
  const preferences = signedIn ? userPreferences(user) : [];
  const preferencesKey = preferences.join(',');
  const [seededFor, setSeededFor] = useState(preferencesKey);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<FilterItem[]>(() => openingFilters(preferences));
  if (seededFor !== preferencesKey) {
    // The saved preferences changed while the list is open (account refreshed, signed out): the
    // newly saved ones are applied, the dropped ones leave the list.
    const before = seededFor ? seededFor.split(',') : [];
    const now: readonly string[] = preferences;
    const dropped = (f: FilterItem) =>
      f.type === 'preference' && before.includes(String(f.value)) && !now.includes(String(f.value));
    setSeededFor(preferencesKey);
    setFilters((current) =>
      withPreferences(
        current.filter((f) => !dropped(f)),
        now.filter((p) => !before.includes(p)),
      ),
    );
    setPage(1);
  }
  const preferenceFilters = filters.filter((f) => f.type === 'preference');
  const [filterOpen, setFilterOpen] = useState(false);
  // Mounted from its first opening on, so that it closes with its transition like any modal.
  const [filterUsed, setFilterUsed] = useState(false);
  const [saveTick, setSaveTick] = useState(hasSavedFilters);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onSearchChange = (value: string) => {
    setInput(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const text = value.trim();
    if (text.length === 0) {
      // An empty search resets to the plain list at once.
      setSearch('');
      setPage(1);
      return;
    }
    if (text.length <= SEARCH_MIN_EXCLUSIVE) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setSearch(text);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
  };

  const query = useMemo(() => recipeListQuery(filters, page, search), [filters, page, search]);
  const result = useRecipePage(query);

  const body = () => {
    if (result.isPending) return <CenteredLoader />;
    if (result.isError || !result.data)
      return <FormAlert>Could not load the recipes right now. Please try again later.</FormAlert>;
    if (result.data.data.length === 0)
      return (
        <Text c="dimmed" ta="center" py="lg">
          No recipes found.
        </Text>
      );
    return (
      <Stack gap="xs" component="ul" aria-label="recipes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {result.data.data.map((recipe) => (
          <RecipeRow key={recipe.recipe_id} recipe={recipe} signedIn={signedIn} />
        ))}
      </Stack>
    );
  };

  return (
    <>
      <div style={{ minHeight: '50vh', paddingBottom: 16 }}>{body()}</div>
      <Paper
        withBorder
        shadow="md"
        p="xs"
        radius="md"
        style={{ position: 'sticky', bottom: 8, zIndex: 10 }}
        aria-label="recipe search and pages"
        role="region"
      >
        <Stack gap={6}>
          <TextInput
            aria-label="Search recipes"
            placeholder="search recipes"
            leftSection={<IconSearch size={16} />}
            value={input}
            onChange={(event) => onSearchChange(event.currentTarget.value)}
            rightSectionWidth={44}
            rightSection={
              <Indicator
                disabled={filters.length === 0}
                label={filters.length}
                size={16}
                offset={4}
              >
                <ActionIcon
                  variant="light"
                  aria-label="filter"
                  onClick={() => {
                    setFilterUsed(true);
                    setFilterOpen(true);
                  }}
                >
                  <IconFilter size={18} />
                </ActionIcon>
              </Indicator>
            }
          />
          {preferenceFilters.length > 0 && (
            <Group
              gap={6}
              component="ul"
              aria-label="preference filters"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {preferenceFilters.map((item) => {
                const label = preferenceLabel(String(item.value));
                return (
                  <li key={String(item.value)}>
                    <Badge
                      variant="light"
                      color="green"
                      rightSection={
                        <ActionIcon
                          size="xs"
                          variant="transparent"
                          color="gray"
                          aria-label={`remove preference ${label}`}
                          onClick={() => {
                            setFilters((current) =>
                              current.filter((f) => !(f.type === 'preference' && f.value === item.value)),
                            );
                            setPage(1);
                          }}
                        >
                          <IconX size={12} />
                        </ActionIcon>
                      }
                    >
                      {label}
                    </Badge>
                  </li>
                );
              })}
            </Group>
          )}
          {filters.length > 0 && (
            <Badge variant="light" size="xs">
              {filters.length === 1 ? '1 filter applied' : `${filters.length} filters applied`}
            </Badge>
          )}
          <PageNavigator page={result.data} onPage={setPage} />
        </Stack>
      </Paper>
      {filterUsed && (
        <Suspense fallback={null}>
          <FilterDialog
            opened={filterOpen}
            initialFilters={filters}
            initialSave={saveTick}
            onClose={() => setFilterOpen(false)}
            onCancel={() => {
              clearSavedFilters();
              setFilters([]);
              setSaveTick(false);
              setPage(1);
              setFilterOpen(false);
            }}
            onApply={(next, save) => {
              if (save) saveFilters(next);
              setSaveTick(save);
              setFilters(next);
              setPage(1);
              setFilterOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
