import { Button, Container, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CenteredLoader } from '@/shared/ui';
import { canEditPlan } from '@/shared/api';
import { useMealPlan } from '../api/mealPlans';
import { PlanDays, PlanHeader } from '../components/PlanDays';
import { PlanMenu } from '../components/PlanMenu';
import { PlanNotLoaded } from '../components/PlanNotLoaded';
import { withEntry, withoutEntry } from '../lib/plans';
import { PLAN_TEXTS } from '../lib/texts';
import { usePlanAutosave } from '../lib/usePlanAutosave';

/**
 * /user-meal-plans/edit/{id}: the plan editor. Recipes are added per day through the search panel
 * and removed with their control; every change is saved by itself 500 ms after the last one.
 * Opened right after creating the plan, it is titled 'Create a Meal Plan' until the first save. Without edit rights
 * the plan is shown read-only (no controls, no search).
 */
export function PlanEditRoute() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const location = useLocation();
  const created = Boolean((location.state as { created?: boolean } | null)?.created);
  const { data: plan, isPending, error } = useMealPlan(id);
  const { days, change, saving, settle } = usePlanAutosave(plan);
  useEffect(() => {
    if (error) console.error('Loading the meal plan failed', error);
  }, [error]);
  // 'Create a Meal Plan' titles the new plan until its first save; from then on (a reload too)
  // the editor goes by the plan's name.
  const wasSaving = useRef(false);
  useEffect(() => {
    if (wasSaving.current && !saving && created) void navigate(location.pathname, { replace: true, state: null });
    wasSaving.current = saving;
  }, [saving, created, navigate, location.pathname]);

  if (isPending && Number.isInteger(id) && id > 0) return <CenteredLoader label="Loading the meal plan" />;
  if (!plan) return <PlanNotLoaded error={error} />;

  const editable = canEditPlan(plan);
  return (
    <Container size="sm" px="xs">
      <PlanHeader
        title={created ? PLAN_TEXTS.createTitle : plan.name}
        start={plan.start_date}
        end={plan.end_date}
        days={plan.days}
        aside={
          <>
            {saving && <Loader size="sm" aria-label="saving" />}
            <Button component={Link} to={`/user-meal-plans/${id}?view=readonly`} variant="light">
              done
            </Button>
            <PlanMenu
              plan={plan}
              beforeDialog={settle}
              onGone={() => void navigate('/user-meal-plans', { replace: true })}
            />
          </>
        }
      />
      {created && (
        <Text c="dimmed" mb="sm" style={{ overflowWrap: 'anywhere' }}>
          {plan.name}
        </Text>
      )}
      {!editable && (
        <Text c="dimmed" mb="sm">
          You can view this plan but not change it.
        </Text>
      )}
      <PlanDays
        days={days ?? plan.recipes}
        onAdd={editable ? (day, entry) => change((all) => withEntry(all, day, entry)) : undefined}
        onRemove={editable ? (day, index) => change((all) => withoutEntry(all, day, index)) : undefined}
      />
    </Container>
  );
}
