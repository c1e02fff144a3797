import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@/shared/ui/icons';

/** 'Showing {from} to {to} of {total} Entries' (0 for an empty page). */
export function showingText(page: { from: number | null; to: number | null; total: number }): string {
  return `Showing ${page.from ?? 0} to ${page.to ?? 0} of ${page.total} Entries`;
}

/**
 * Prev / Next and the 'Showing … Entries' text. The buttons keep their width; on a narrow phone
 * the text between them wraps onto a second line.
 */
export function PageNavigator({
  page,
  onPage,
}: {
  page: { current_page: number; last_page: number; from: number | null; to: number | null; total: number } | undefined;
  onPage: (page: number) => void;
}) {
  const current = page?.current_page ?? 1;
  const last = page?.last_page ?? 1;
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconChevronLeft size={14} />}
        style={{ flexShrink: 0 }}
        disabled={!page || current <= 1}
        onClick={() => onPage(current - 1)}
      >
        Prev
      </Button>
      <Text size="xs" ta="center" aria-live="polite" style={{ flex: 1, minWidth: 0 }}>
        {page ? showingText(page) : '\u00a0'}
      </Text>
      <Button
        size="compact-sm"
        variant="default"
        rightSection={<IconChevronRight size={14} />}
        style={{ flexShrink: 0 }}
        disabled={!page || current >= last}
        onClick={() => onPage(current + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
