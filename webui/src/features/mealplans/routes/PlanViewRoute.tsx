import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CenteredLoader } from '@/shared/ui';
import { useMealPlan } from '../api/mealPlans';
import { PlanDays, PlanHeader } from '../components/PlanDays';
import { PlanMenu } from '../components/PlanMenu';
import { PlanNotLoaded } from '../components/PlanNotLoaded';

/**
 * /user-meal-plans/{id} (own plans open with ?view=readonly): the plan day by day, each recipe
 * linked by its type, and the plan's action menu.
 */
export function PlanViewRoute() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { data: plan, isPending, error } = useMealPlan(id);
  useEffect(() => {
    if (error) console.error('Loading the meal plan failed', error);
  }, [error]);

  if (isPending && Number.isInteger(id) && id > 0) return <CenteredLoader label="Loading the meal plan" />;
  if (!plan) return <PlanNotLoaded error={error} />;

  return (
    <Container size="sm" px="xs">
      <PlanHeader
        title={plan.name}
        start={plan.start_date}
        end={plan.end_date}
        days={plan.days}
        aside={<PlanMenu plan={plan} onGone={() => void navigate('/user-meal-plans', { replace: true })} />}
      />
      <PlanDays days={plan.recipes} />
    </Container>
  );
}
