import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '@/shared/session';

/**
 * /user-dashboard: greets the user; `prompt` (the app passes the onboarding's tutorial prompt)
 * shows under the greeting. The full dashboard comes with part 2.
 */
export function DashboardRoute({ prompt }: { prompt?: ReactNode }) {
  const { user } = useSession();
  return (
    <Container size="md">
      <Stack gap="md">
        <Title order={2}>{`Hello, ${user?.name ?? ''}`}</Title>
        {prompt}
        <Text c="dimmed">Your meal plans, shopping lists and pantry will show up here.</Text>
      </Stack>
    </Container>
  );
}
