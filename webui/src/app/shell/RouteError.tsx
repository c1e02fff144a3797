import { Center, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

export const RENDER_FAILURE_TEXT = 'Something went wrong.';

/** Error boundary of a route: an uncaught failure while drawing the screen shows this text. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center py="xl" role="alert">
      <Text size="lg">{RENDER_FAILURE_TEXT}</Text>
    </Center>
  );
}
