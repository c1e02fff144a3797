import { Anchor, Button, Group, NativeSelect, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api';
import { formatDay } from '@/shared/lib/dates';
import { CenteredLoader } from '../CenteredLoader';
import { FormAlert } from '../FormAlert';
import { toast } from '../toast';
import { DayUnavailableError, type NewPlanEntry, planDays, RECIPES_PER_DAY_MAX, useAddToPlan, useEditablePlans } from './api';
import { Dialog } from '../Dialog';

export const SEND_TO_PLAN_TEXTS = {
  title: 'send recipe to mealplan',
  plan: 'meal plan',
  choosePlan: 'choose a meal plan',
  day: 'day',
  full: 'full',
  noPlans: 'You have no meal plan to add to yet.',
  create: 'create a meal plan',
  loadFailed: 'Could not load your meal plans. Please try again later.',
  cancel: 'cancel',
  add: 'add',
  added: 'Recipe added to the meal plan',
  failed: 'Could not add the recipe to the meal plan. Please try again.',
  changed: 'The meal plan was changed by someone else meanwhile. Please try again.',
  dayGone: 'That day cannot take another recipe.',
} as const;

/** 'DAY: n' (n from 1) of a plan's 0-based day. */
export const dayLabel = (day: number) => `DAY: ${day + 1}`;

export interface SendToPlanDialogProps {
  /** The recipe as a plan entry: name, id (or URL), picture and entry type. */
  entry: NewPlanEntry;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'send recipe to mealplan': pick one of the plans the user may change (own, or shared with edit
 * rights), then one of its days ('DAY: n', with its date when the plan is dated); the recipe is
 * appended to that day. Without such a plan it offers to create one.
 */
export function SendToPlanDialog({ opened, onClose, entry }: SendToPlanDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={SEND_TO_PLAN_TEXTS.title} centered>
      {/* Mounted with each opening: it starts with nothing chosen. */}
      {opened && <SendToPlanBody entry={entry} onClose={onClose} />}
    </Dialog>
  );
}

function failureText(error: unknown): string | null {
  if (error instanceof DayUnavailableError) return SEND_TO_PLAN_TEXTS.dayGone;
  if (!isApiError(error)) return SEND_TO_PLAN_TEXTS.failed;
  if (error.status === 401) return null; // signed out: the app goes to the login
  if (error.status === 409) return SEND_TO_PLAN_TEXTS.changed;
  if (error.status === 422 || error.status === 400) return error.firstFieldError() ?? error.message;
  return SEND_TO_PLAN_TEXTS.failed;
}

function SendToPlanBody({ entry, onClose }: { entry: NewPlanEntry; onClose: () => void }) {
  const plans = useEditablePlans();
  const add = useAddToPlan();
  const [planId, setPlanId] = useState<string>('');
  const [day, setDay] = useState<string | null>(null);

  if (plans.isPending) return <CenteredLoader label="Loading your meal plans" />;
  if (plans.isError) return <FormAlert>{SEND_TO_PLAN_TEXTS.loadFailed}</FormAlert>;
  if (plans.data.length === 0) {
    return (
      <Stack gap="sm">
        <Text>{SEND_TO_PLAN_TEXTS.noPlans}</Text>
        <Anchor component={Link} to="/user-meal-plans/create" onClick={onClose}>
          {SEND_TO_PLAN_TEXTS.create}
        </Anchor>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {SEND_TO_PLAN_TEXTS.cancel}
          </Button>
        </Group>
      </Stack>
    );
  }

  const plan = plans.data.find((item) => String(item.user_mealplan_id) === planId);
  const days = plan ? planDays(plan) : [];

  const submit = () => {
    if (!plan || day === null) return;
    add.mutate(
      { planId: plan.user_mealplan_id, day: Number(day), entry },
      {
        onSuccess: () => {
          toast(SEND_TO_PLAN_TEXTS.added, 'success');
          onClose();
        },
        onError: (error) => {
          const text = failureText(error);
          if (text) toast(text, 'error');
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <NativeSelect
        label={SEND_TO_PLAN_TEXTS.plan}
        value={planId}
        onChange={(event) => {
          setPlanId(event.currentTarget.value);
          setDay(null);
        }}
        data={[
          { value: '', label: SEND_TO_PLAN_TEXTS.choosePlan },
          ...plans.data.map((item) => ({ value: String(item.user_mealplan_id), label: item.name })),
        ]}
      />
      {plan && (
        <Radio.Group label={SEND_TO_PLAN_TEXTS.day} value={day} onChange={setDay}>
          <ScrollArea.Autosize mah="40vh" type="auto">
            <Stack gap={6} pt={4}>
              {days.map((item) => {
                const full = item.recipes.length >= RECIPES_PER_DAY_MAX;
                const date = formatDay(item.date);
                return (
                  <Radio
                    key={item.day}
                    value={String(item.day)}
                    disabled={full}
                    label={[dayLabel(item.day), date, full ? SEND_TO_PLAN_TEXTS.full : ''].filter(Boolean).join(' · ')}
                  />
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        </Radio.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {SEND_TO_PLAN_TEXTS.cancel}
        </Button>
        <Button onClick={submit} disabled={!plan || day === null || add.isPending} loading={add.isPending}>
          {SEND_TO_PLAN_TEXTS.add}
        </Button>
      </Group>
    </Stack>
  );
}
