import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '@/shared/lib/storageKeys';
import { useSession } from '@/shared/session';

export const TUTORIAL_RESET_TEXT = 'tutorial enabled.';

/**
 * Beta tools: 'reset tutorials' clears the stored tutorial flag so the prompt shows again; links to
 * the bug report and contact pages, and for the administrator to the news editor.
 */
export function BetaToolsTab() {
  const [reset, setReset] = useState(false);
  const { user } = useSession();
  return (
    <Stack gap="lg" align="flex-start">
      <Stack gap="sm" align="flex-start">
        <Button
          variant="light"
          onClick={() => {
            window.localStorage.removeItem(STORAGE_KEYS.tutorialEnabled);
            setReset(true);
          }}
        >
          reset tutorials
        </Button>
        {reset && <Text role="status">{TUTORIAL_RESET_TEXT}</Text>}
      </Stack>
      <Stack gap={4}>
        <Title order={5}>Feedback</Title>
        <Anchor component={Link} to="/bug-report">
          report a bug
        </Anchor>
        <Anchor component={Link} to="/contact-beta">
          contact the administrator
        </Anchor>
      </Stack>
      {user?.role === 'admin' && (
        <Stack gap={4}>
          <Title order={5}>Administration</Title>
          <Anchor component={Link} to="/admin/news">
            manage news
          </Anchor>
        </Stack>
      )}
    </Stack>
  );
}
