import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { MealPlan } from '@/shared/api';
import { planSpan } from '../lib/dates';
import { PLAN_TEXTS } from '../lib/texts';
import { PlanMenu } from './PlanMenu';

/**
 * The plans of one tab: each row shows the date range (or the number of days), the name, on the
 * shared tab 'author: {owner name}', and a menu button. An own plan opens read-only (?view=readonly).
 */
export function PlanRows({
  plans,
  shared,
  label,
  onDialog,
}: {
  plans: MealPlan[];
  shared: boolean;
  label: string;
  onDialog: (id: number, open: boolean) => void;
}) {
  return (
    <Stack component="ul" gap="xs" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {plans.map((plan) => (
        <PlanRow key={plan.user_mealplan_id} plan={plan} shared={shared} onDialog={onDialog} />
      ))}
    </Stack>
  );
}

function PlanRow({ plan, shared, onDialog }: { plan: MealPlan; shared: boolean; onDialog: (id: number, open: boolean) => void }) {
  const id = plan.user_mealplan_id;
  const reportDialog = useCallback((open: boolean) => onDialog(id, open), [id, onDialog]);
  const to = plan.role === 'owner' ? `/user-meal-plans/${id}?view=readonly` : `/user-meal-plans/${id}`;
  return (
    <Card component="li" withBorder padding="sm" radius="md" aria-label={plan.name}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <UnstyledButton component={Link} to={to} style={{ minWidth: 0, flex: 1 }}>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {planSpan(plan)}
            </Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {plan.name}
            </Text>
            {shared && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {PLAN_TEXTS.author(plan.owner_name)}
              </Text>
            )}
          </Stack>
        </UnstyledButton>
        <PlanMenu plan={plan} onDialog={reportDialog} />
      </Group>
    </Card>
  );
}
