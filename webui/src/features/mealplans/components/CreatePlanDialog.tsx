
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@/shared/ui';
import { useCreateMealPlan } from '../api/mealPlans';
import { EMPTY_DRAFT, createPayload, draftPlanDays, type PlanDraft } from '../lib/plans';
import { PLAN_TEXTS } from '../lib/texts';
import { PlanForm } from './PlanForm';

/** The create-a-mealplan dialog: on success the new plan opens in the editor (part 2 §4 'Meal plan creation'). */
export function CreatePlanDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title={PLAN_TEXTS.createTitle} centered>
      {/* Mounted with each opening: a new plan starts from the 3-day draft. */}
      {opened && <CreatePlanBody onClose={onClose} />}
    </Dialog>
  );
}

function CreatePlanBody({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateMealPlan();
  const [draft, setDraft] = useState<PlanDraft>(EMPTY_DRAFT);
  return (
    <PlanForm
      draft={draft}
      onDraft={setDraft}
      onCancel={onClose}
      pending={create.isPending}
      error={create.error}
      onSubmit={() =>
        create.mutate(createPayload(draft, draftPlanDays(draft)), {
          onSuccess: (plan) => void navigate(`/user-meal-plans/edit/${plan.user_mealplan_id}`, { state: { created: true } }),
        })
      }
    />
  );
}
