import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { STORAGE_KEYS } from '@/shared/lib/storageKeys';

export const TUTORIAL_RESET_TEXT = 'tutorial enabled.';

/** Beta tools: 'reset tutorials' clears the stored tutorial flag so the prompt shows again. */
export function BetaToolsTab() {
  const [reset, setReset] = useState(false);
  return (
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
  );
}
