import { Anchor, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api';
import { PLAN_TEXTS } from '../lib/texts';

/** A plan that could not be loaded: the server's reason (not found, no access) and a way back. */
export function PlanNotLoaded({ error }: { error: unknown }) {
  const message = isApiError(error) && error.status === 404 ? PLAN_TEXTS.notFound : isApiError(error) ? error.message : PLAN_TEXTS.failed;
  return (
    <Container size="sm" px="xs">
      <Stack gap="sm" align="center" py="lg">
        <Text>{message}</Text>
        <Anchor component={Link} to="/user-meal-plans">
          back to meal plans
        </Anchor>
      </Stack>
    </Container>
  );
}
