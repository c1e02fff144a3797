import { Button, Stack, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import type { PlanEntry, RecipeSuggestion } from '@/shared/api';
import { CenteredLoader, Dialog, FormAlert } from '@/shared/ui';
import { planEntry } from '@/shared/ui/send-to-plan';
import { useDaySuggestions } from '../api/suggestions';

export const SUGGEST_TEXTS = {
  suggest: 'suggest',
  title: (day: string) => `suggest for ${day}`,
  list: 'suggested recipes',
  empty: 'Nothing at home matches a recipe yet.',
  failed: 'Could not load the suggestions. Please try again later.',
  retry: 'try again',
} as const;

/**
 * A day's 'suggest': the five recipes best cooked from what is in the user's food stores, each
 * with why (the summary); picking one adds it to the day as the recipe search does.
 */
export function SuggestDialog({
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
      {opened && <SuggestBody onPick={onPick} />}
    </Dialog>
  );
}

function SuggestBody({ onPick }: { onPick: (entry: PlanEntry) => void }) {
  const suggestions = useDaySuggestions(true);
  if (suggestions.isPending) return <CenteredLoader label="Loading suggestions" />;
  if (suggestions.isError)
    return (
      <Stack gap="xs" align="flex-start">
        <FormAlert>{SUGGEST_TEXTS.failed}</FormAlert>
        <Button variant="light" size="xs" onClick={() => void suggestions.refetch()}>
          {SUGGEST_TEXTS.retry}
        </Button>
      </Stack>
    );
  if (suggestions.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="sm">
        {SUGGEST_TEXTS.empty}
      </Text>
    );
  return (
    <Stack component="ul" gap={2} aria-label={SUGGEST_TEXTS.list} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {suggestions.data.map((suggestion) => (
        <SuggestionPick key={`${suggestion.kind}-${suggestion.recipe_id}`} suggestion={suggestion} onPick={onPick} />
      ))}
    </Stack>
  );
}

/** One suggestion: a button named by the recipe, described by its summary. */
function SuggestionPick({ suggestion, onPick }: { suggestion: RecipeSuggestion; onPick: (entry: PlanEntry) => void }) {
  const summaryId = useId();
  return (
    <li>
      <UnstyledButton
        // The entry as a plan takes it (name and picture within the server's limits).
        onClick={() => onPick({ ...planEntry(suggestion.entry), checked: false })}
        aria-label={suggestion.name}
        aria-describedby={summaryId}
        p="xs"
        w="100%"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Text component="span" display="block" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {suggestion.name}
        </Text>
        <Text id={summaryId} component="span" display="block" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {suggestion.summary}
        </Text>
      </UnstyledButton>
    </li>
  );
}
