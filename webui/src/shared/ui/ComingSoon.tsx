import { Text } from '@mantine/core';

/** The spec's placeholder for tabs and pages that are not built yet. */
export function ComingSoon() {
  return (
    <Text ta="center" py="lg">
      Coming Soon.
    </Text>
  );
}
