import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { missingText, type MissingLine, type RecipeSuggestion, suggestionPath } from '@/shared/api';
import { ingredientLine, planEntryImage, RecipeImage } from '@/shared/recipe';
import { IconCalendarEvent, IconShoppingCart } from '@/shared/ui/icons';
import { listItemOf, SendToListDialog, type SendableIngredient } from '@/shared/ui/send-to-list';
import { SendToPlanDialog } from '@/shared/ui/send-to-plan';

export const ROW_TEXTS = {
  addToPlan: 'add to plan',
  sendMissing: 'send missing to list',
} as const;

/** The missing lines as 'send missing to list' offers them: as a cook writes them, sent by ingredient or name. */
export function missingToSend(missing: readonly MissingLine[]): SendableIngredient[] {
  return missing.map((line, index) => ({
    key: String(index),
    label: ingredientLine({ name: line.name, quantity: line.quantity, measurement: line.measurement }),
    item: listItemOf({
      ingredientId: line.ingredient_id,
      name: line.name,
      quantity: line.quantity,
      measurement: line.measurement,
    }),
  }));
}

/**
 * One suggestion: the recipe's picture and name (opening it), why it is suggested (the summary)
 * and what is missing, with 'add to plan' and, when something is missing, 'send missing to list'.
 */
export function SuggestionRow({ suggestion }: { suggestion: RecipeSuggestion }) {
  const [dialog, setDialog] = useState<'plan' | 'list' | null>(null);
  const close = () => setDialog(null);
  const missing = suggestion.missing.length > 0;
  return (
    <Card withBorder padding="xs" component="li" aria-label={suggestion.name} data-testid="suggestion-row">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <RecipeImage
          {...planEntryImage(suggestion.image)}
          width={72}
          height={72}
          style={{ width: 72, height: 72, flex: 'none' }}
        />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={suggestionPath(suggestion)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {suggestion.name}
          </Anchor>
          <Text size="sm" data-testid="suggestion-summary" style={{ overflowWrap: 'anywhere' }}>
            {suggestion.summary}
          </Text>
          <Text size="sm" c="dimmed" data-testid="suggestion-missing" style={{ overflowWrap: 'anywhere' }}>
            {missingText(suggestion.missing)}
          </Text>
          <Group gap="xs" mt={4}>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCalendarEvent size={16} />}
              onClick={() => setDialog('plan')}
              data-testid="suggestion-add-to-plan"
            >
              {ROW_TEXTS.addToPlan}
            </Button>
            {missing && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconShoppingCart size={16} />}
                onClick={() => setDialog('list')}
                data-testid="suggestion-send-missing"
              >
                {ROW_TEXTS.sendMissing}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      <SendToPlanDialog entry={suggestion.entry} opened={dialog === 'plan'} onClose={close} />
      {missing && (
        <SendToListDialog ingredients={missingToSend(suggestion.missing)} opened={dialog === 'list'} onClose={close} />
      )}
    </Card>
  );
}
