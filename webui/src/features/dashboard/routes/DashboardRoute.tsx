import { Container, Stack, Text, Title } from '@mantine/core';
import { TutorialPrompt } from '@/features/onboarding';
import { useSession } from '@/shared/session';

/** /user-dashboard: greets the user and offers the tutorial; the full dashboard comes with part 2. */
export function DashboardRoute() {
  const { user } = useSession();
  return (
    <Container size="md">
      <Stack gap="md">
        <Title order={2}>{`Hello, ${user?.name ?? ''}`}</Title>
        <TutorialPrompt />
        <Text c="dimmed">Your meal plans, shopping lists and pantry will show up here.</Text>
      </Stack>
    </Container>
  );
}
