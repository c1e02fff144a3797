import { ActionIcon, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { localDay } from '@/shared/lib/dates';
import { IconListDetails, IconPlus } from '@/shared/ui/icons';
import { useMealPlans } from '../api/mealPlans';
import { IngredientSummaryDialog } from '../components/IngredientSummaryDialog';
import { currentPlan } from '../lib/dates';
import { PLAN_TEXTS } from '../lib/texts';

/**
 * /diary: the food diary's placeholder (part 2 §2 'Food diary'). The title is the current meal
 * plan's name (the plan covering today, else the next to start, else the last one); the menu icon
 * opens the 'Ingredient Summary' dialog of that plan; 'add entry' is disabled.
 */
export function DiaryRoute() {
  const { data: plans, error } = useMealPlans();
  const [summaryOpen, summary] = useDisclosure(false);
  useEffect(() => {
    if (error) console.error('Loading the meal plans failed', error);
  }, [error]);
  const plan = currentPlan(plans ?? [], localDay(new Date()));

  return (
    <Container size="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {plan?.name || PLAN_TEXTS.diaryFallbackTitle}
          </Title>
          <ActionIcon variant="subtle" size="lg" aria-label={PLAN_TEXTS.summaryTitle} onClick={summary.open} style={{ flexShrink: 0 }}>
            <IconListDetails size={22} />
          </ActionIcon>
        </Group>
        <Text>{PLAN_TEXTS.diaryText}</Text>
        <Button leftSection={<IconPlus size={18} />} disabled style={{ alignSelf: 'flex-start' }}>
          add entry
        </Button>
      </Stack>
      <IngredientSummaryDialog planId={plan?.user_mealplan_id ?? null} opened={summaryOpen} onClose={summary.close} />
    </Container>
  );
}
