import { Button, Center, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { CHUNK_FAILURE_TEXT, isChunkLoadError } from '../lazyRoute';

export const RENDER_FAILURE_TEXT = 'Something went wrong.';

/**
 * Error boundary of a route: a page whose code could not be loaded shows 'Loading chunk failed'
 * (with a reload to try again); any other uncaught failure while drawing the screen shows
 * 'Something went wrong.'.
 */
export function RouteError() {
  const error = useRouteError();
  const chunkFailure = isChunkLoadError(error);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center py="xl" role="alert">
      <Stack align="center" gap="sm">
        <Text size="lg">{chunkFailure ? CHUNK_FAILURE_TEXT : RENDER_FAILURE_TEXT}</Text>
        {chunkFailure && (
          <Button variant="light" onClick={() => window.location.reload()}>
            Reload
          </Button>
        )}
      </Stack>
    </Center>
  );
}
