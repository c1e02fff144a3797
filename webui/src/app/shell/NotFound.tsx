import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">There is nothing at this address.</Text>
      <Anchor component={Link} to="/">
        Go home
      </Anchor>
    </Stack>
  );
}
