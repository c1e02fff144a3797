import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconLock } from '@/shared/ui/icons';

export const NOT_ALLOWED_TITLE = 'Not allowed';

/** Shown to a signed-in user without the administrator role. */
export function NotAllowed() {
  return (
    <Stack align="center" py="xl" gap="sm" ta="center">
      <IconLock size={40} stroke={1.5} aria-hidden />
      <Title order={2}>{NOT_ALLOWED_TITLE}</Title>
      <Text c="dimmed">This page is only for the administrator of this Larder.</Text>
      <Anchor component={Link} to="/user-dashboard">
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
