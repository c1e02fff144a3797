import { Center, Loader } from '@mantine/core';

export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}
