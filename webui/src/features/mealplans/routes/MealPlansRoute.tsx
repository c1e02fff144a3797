import { Button, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { CenteredLoader, useHashTab } from '@/shared/ui';
import { IconPlus } from '@/shared/ui/icons';
import type { MealPlan } from '@/shared/api';
import { useMealPlans } from '../api/mealPlans';
import { CreatePlanDialog } from '../components/CreatePlanDialog';
import { PlanRows } from '../components/PlanRows';
import { byStartDate } from '../lib/plans';
import { PLAN_TEXTS } from '../lib/texts';

export const PLAN_TABS = ['mymealplans', 'shared'] as const;

/**
 * /user-meal-plans: the user's plans by start date (#mymealplans, the default) and the plans shared
 * with them (#shared); 'create' opens the create-a-mealplan dialog and is hidden while any dialog
 * is open.
 */
export function MealPlansRoute() {
  const [tab, selectTab] = useHashTab(PLAN_TABS, 'mymealplans');
  const [creating, setCreating] = useState(false);
  const [rowDialogs, setRowDialogs] = useState<ReadonlySet<number>>(new Set());
  const { data, isPending, error } = useMealPlans();
  useEffect(() => {
    if (error) console.error('Loading the meal plans failed', error);
  }, [error]);

  const onDialog = useCallback(
    (id: number, open: boolean) =>
      setRowDialogs((ids) => {
        if (ids.has(id) === open) return ids;
        const next = new Set(ids);
        if (open) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  const plans = data ?? [];
  const mine = byStartDate(plans.filter((plan) => plan.role === 'owner'));
  const shared = plans.filter((plan) => plan.role !== 'owner');
  const dialogOpen = creating || rowDialogs.size > 0;

  const panel = (rows: MealPlan[], isShared: boolean) => {
    if (isPending) return <CenteredLoader label="Loading the meal plans" />;
    if (rows.length === 0)
      return (
        <Text c="dimmed" ta="center" py="lg">
          {isShared ? PLAN_TEXTS.empty.shared : PLAN_TEXTS.empty.mymealplans}
        </Text>
      );
    return (
      <PlanRows
        plans={rows}
        shared={isShared}
        label={isShared ? PLAN_TEXTS.tabs.shared : PLAN_TEXTS.tabs.mymealplans}
        onDialog={onDialog}
      />
    );
  };

  return (
    <Container size="sm" px="xs">
      <Group justify="space-between" mb="md" wrap="nowrap" mih={36}>
        <Title order={2} style={{ minWidth: 0 }}>
          {PLAN_TEXTS.listTitle}
        </Title>
        {!dialogOpen && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} style={{ flexShrink: 0 }}>
            create
          </Button>
        )}
      </Group>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="mymealplans">{PLAN_TEXTS.tabs.mymealplans}</Tabs.Tab>
          <Tabs.Tab value="shared">{PLAN_TEXTS.tabs.shared}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mymealplans">{panel(mine, false)}</Tabs.Panel>
        <Tabs.Panel value="shared">{panel(shared, true)}</Tabs.Panel>
      </Tabs>
      <CreatePlanDialog opened={creating} onClose={() => setCreating(false)} />
    </Container>
  );
}
