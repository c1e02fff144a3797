import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isApiError, type MealPlan } from '@/shared/api';
import { Dialog, FormAlert, toast } from '@/shared/ui';
import { useUpdateMealPlan } from '../api/mealPlans';
import { endOf, isDay } from '../lib/dates';
import { FIRST_DAY, LAST_DAY } from '../lib/limits';
import { scheduleError } from '../lib/plans';
import { PLAN_TEXTS } from '../lib/texts';

export const SCHEDULE_TITLE = 'Schedule Meal Plan';

/**
 * The schedule dialog (part 2 §2, §4 'Schedule'): a start date and the read-only end date it gives
 * (start + days - 1); Confirm re-dates every day of the plan from the new start. Every day must
 * fall between FIRST_DAY and LAST_DAY, as the server requires: a start that would take the plan
 * outside says so and cannot be confirmed.
 */
export function ScheduleDialog({ plan, opened, onClose }: { plan: MealPlan; opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title={SCHEDULE_TITLE} centered>
      {opened && <ScheduleBody plan={plan} onClose={onClose} />}
    </Dialog>
  );
}

function ScheduleBody({ plan, onClose }: { plan: MealPlan; onClose: () => void }) {
  const update = useUpdateMealPlan(plan.user_mealplan_id);
  const [start, setStart] = useState(plan.start_date ?? '');
  const problem = scheduleError(start, plan.days);
  const valid = isDay(start) && problem === null;
  const error = isApiError(update.error) && update.error.status !== 401 ? (update.error.firstFieldError() ?? update.error.message) : null;

  const confirm = () =>
    update.mutate(
      { start_date: start },
      {
        onSuccess: () => {
          toast(PLAN_TEXTS.rescheduled, 'success');
          onClose();
        },
      },
    );

  return (
    <Stack gap="sm">
      <TextInput
        type="date"
        label="start date"
        value={start}
        min={FIRST_DAY}
        max={LAST_DAY}
        onChange={(event) => setStart(event.currentTarget.value)}
        error={problem}
        data-autofocus
      />
      <TextInput type="date" label="end date" value={isDay(start) ? endOf(start, plan.days) : ''} readOnly />
      {error && !update.isPending && <FormAlert>{error}</FormAlert>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={!valid} loading={update.isPending}>
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}
