import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { readTutorialFlag, shouldPromptTutorial, storeTutorialFlag } from '../lib/tutorialFlag';
import { TourDialog } from './TourDialog';

export const TUTORIAL_PROMPT_TITLE = 'New to Larder?';
export const TUTORIAL_ACCEPT = 'Take the tour';
export const TUTORIAL_DECLINE = 'No thanks';

/**
 * The tutorial prompt (spec part 1 §2.1): shown when the URL says first_login=true or when no
 * tutorial_enabled flag is stored. Accepting stores 'true' and opens the tour; declining stores
 * 'false' and closes the prompt. It sits in the page (not a modal) so it never blocks the screen.
 */
export function TutorialPrompt() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [answered, setAnswered] = useState(false);
  const [tourOpen, setTourOpen] = useState(false);
  const visible = !answered && shouldPromptTutorial(searchParams, readTutorialFlag());

  const answer = (accept: boolean) => {
    storeTutorialFlag(accept ? 'true' : 'false');
    setAnswered(true);
    if (accept) setTourOpen(true);
    // A reload should not ask again once answered.
    if (searchParams.has('first_login')) {
      setSearchParams(
        (params) => {
          params.delete('first_login');
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  return (
    <>
      {visible && (
        <Paper withBorder p="md" radius="md" role="region" aria-label="Tutorial">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {TUTORIAL_PROMPT_TITLE}
            </Title>
            <Text size="sm">
              Take a one-minute tour: set your food preferences and see what Larder can do for your kitchen.
            </Text>
            <Group gap="sm">
              <Button size="sm" onClick={() => answer(true)}>
                {TUTORIAL_ACCEPT}
              </Button>
              <Button size="sm" variant="default" onClick={() => answer(false)}>
                {TUTORIAL_DECLINE}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <TourDialog opened={tourOpen} onClose={() => setTourOpen(false)} />
    </>
  );
}
