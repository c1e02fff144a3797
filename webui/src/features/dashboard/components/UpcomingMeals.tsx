import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UpcomingMeal } from '@/shared/api';
import { planEntryImage, planEntryTarget, RecipeImage } from '@/shared/recipe';

export const UPCOMING_TEXTS = {
  title: 'upcoming meals',
  today: 'Today',
  tomorrow: 'Tomorrow',
  create: 'create a meal plan',
} as const;

/**
 * 'upcoming meals' (spec part 2 §2 'Dashboard', §4 'Dashboard'): the recipes the user's plans
 * (own and shared) have today and tomorrow, each day only when it has some; when neither has, a
 * link to create a meal plan. The server works out the days in the instance's time zone.
 */
export function UpcomingMeals({ today, tomorrow }: { today: UpcomingMeal[]; tomorrow: UpcomingMeal[] }) {
  if (today.length === 0 && tomorrow.length === 0) {
    return (
      <Anchor component={Link} to="/user-meal-plans">
        {UPCOMING_TEXTS.create}
      </Anchor>
    );
  }
  return (
    <Stack gap="sm">
      {today.length > 0 && <Day title={UPCOMING_TEXTS.today} meals={today} />}
      {tomorrow.length > 0 && <Day title={UPCOMING_TEXTS.tomorrow} meals={tomorrow} />}
    </Stack>
  );
}

function Day({ title, meals }: { title: string; meals: UpcomingMeal[] }) {
  return (
    <Stack gap={6}>
      <Title order={4} size="h5">
        {title}
      </Title>
      <Stack component="ul" gap={6} aria-label={title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {meals.map((meal, index) => (
          // The same recipe may be planned twice on a day, in one plan or in two.
          <li key={`${meal.user_mealplan_id}-${index}`}>
            <Meal meal={meal} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** An entry: the recipe's picture, name and plan, opening the recipe (a custom entry opens nothing). */
function Meal({ meal }: { meal: UpcomingMeal }) {
  const body: ReactNode = (
    <Group gap="sm" wrap="nowrap">
      <RecipeImage {...planEntryImage(meal.image)} width={48} height={48} style={{ flexShrink: 0 }} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {meal.name}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {meal.plan_name}
        </Text>
      </Stack>
    </Group>
  );
  const target = planEntryTarget(meal);
  if (target?.kind === 'page') {
    return (
      <Card component={Link} to={target.to} withBorder padding="xs" radius="md">
        {body}
      </Card>
    );
  }
  if (target?.kind === 'external') {
    return (
      <Card
        component="a"
        href={target.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        withBorder
        padding="xs"
        radius="md"
      >
        {body}
      </Card>
    );
  }
  return (
    <Card withBorder padding="xs" radius="md">
      {body}
    </Card>
  );
}
