import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail } from '@/shared/ui/icons';

/** The 'sent' state of the login page. */
export function ResetLinkSent({ onReturn }: { onReturn: () => void }) {
  return (
    <Stack align="center" gap="sm" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconMail size={28} />
      </ThemeIcon>
      <Text fw={600}>password reset email sent</Text>
      <Text c="dimmed">please check your email</Text>
      <Button variant="light" onClick={onReturn}>
        return to login
      </Button>
    </Stack>
  );
}
