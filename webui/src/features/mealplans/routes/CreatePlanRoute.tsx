import { Container, Divider } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlanDay } from '@/shared/api';
import { useCreateMealPlan } from '../api/mealPlans';
import { PlanForm } from '../components/PlanForm';
import { PlanDays, PlanHeader } from '../components/PlanDays';
import { EMPTY_DRAFT, createPayload, draftPlanDays, type PlanDraft, withEntry, withoutEntry } from '../lib/plans';
import { PLAN_TEXTS } from '../lib/texts';

/**
 * /user-meal-plans/create: the editor of a new plan, titled 'Create a Meal Plan'. The draft (3 days
 * unless dated otherwise) takes recipes day by day before it exists; 'create' makes the plan with
 * them and goes on in /user-meal-plans/edit/{id}, where changes save by themselves.
 */
export function CreatePlanRoute() {
  const navigate = useNavigate();
  const create = useCreateMealPlan();
  const [draft, setDraft] = useState<PlanDraft>(EMPTY_DRAFT);
  /** Recipes picked so far, by day number (kept when the length changes, for the days that remain). */
  const [picked, setPicked] = useState<PlanDay[]>([]);

  const days = draftPlanDays(draft).map((day) => ({ ...day, recipes: picked.find((d) => d.day === day.day)?.recipes ?? [] }));
  const dated = draft.start !== '' && draft.end !== '';
  const update = (next: PlanDay[]) => setPicked(next.map(({ day, recipes }) => ({ day, date: null, recipes })));

  return (
    <Container size="sm" px="xs">
      <PlanHeader
        title={PLAN_TEXTS.createTitle}
        start={dated ? draft.start : null}
        end={dated ? draft.end : null}
        days={days.length}
      />
      <PlanForm
        draft={draft}
        onDraft={setDraft}
        pending={create.isPending}
        error={create.error}
        onSubmit={() =>
          create.mutate(createPayload(draft, days), {
            onSuccess: (plan) =>
              void navigate(`/user-meal-plans/edit/${plan.user_mealplan_id}`, { replace: true, state: { created: true } }),
          })
        }
      />
      <Divider my="md" />
      <PlanDays
        days={days}
        onAdd={(day, entry) => update(withEntry(days, day, entry))}
        onRemove={(day, index) => update(withoutEntry(days, day, index))}
      />
    </Container>
  );
}
