import { Badge, Group } from '@mantine/core';

/**
 * The three badges of a store card (part 2 §2): 'In plan (0)' (always zero, dimmed), 'Expiring (n)'
 * and 'Expired (n)', with the counts the server answers. Shared by the stores and the dashboard.
 */
export function StoreBadges({ store }: { store: { expiring: number; expired: number } }) {
  return (
    <Group gap={6} aria-label="store badges">
      <Badge variant="light" color="gray" opacity={0.6}>
        In plan (0)
      </Badge>
      <Badge variant="light" color="orange">
        Expiring ({store.expiring})
      </Badge>
      <Badge variant="light" color="red">
        Expired ({store.expired})
      </Badge>
    </Group>
  );
}
