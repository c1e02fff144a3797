import { Collapse, Container, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { type ExpiryItem, useNotifications } from '@/shared/api';
import { formatDay } from '@/shared/lib/dates';
import { formatQuantity } from '@/shared/lib/quantity';
import { CenteredLoader } from '@/shared/ui';
import { IconChevronDown, IconChevronRight } from '@/shared/ui/icons';

export const NOTIFICATION_TEXTS = {
  /** The header of both groups, as the spec writes it (the expiring group's too). */
  header: (count: number) => `${count} Items(s) have Expired`,
  expired: (item: string) => `${item} has expired`,
  expiring: (item: string) => `${item} is about to expire`,
  empty: 'Nothing has expired or is about to.',
} as const;

/**
 * /user-notifications: a red group of the items that expired and an orange group of those about
 * to, both collapsible; each entry opens the store the item is in.
 */
export function NotificationsRoute() {
  const { data, isPending, error } = useNotifications();
  useEffect(() => {
    if (error) console.error('Loading the notifications failed', error);
  }, [error]);

  const expired = data?.expired ?? [];
  const expiring = data?.expiring ?? [];
  return (
    <Container size="md" px="xs">
      <Title order={2} mb="md">
        Notifications
      </Title>
      {isPending ? (
        <CenteredLoader label="Loading notifications" />
      ) : expired.length === 0 && expiring.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {NOTIFICATION_TEXTS.empty}
        </Text>
      ) : (
        <Stack gap="md">
          {expired.length > 0 && (
            <NotificationGroup label="expired" color="red" items={expired} entry={NOTIFICATION_TEXTS.expired} />
          )}
          {expiring.length > 0 && (
            <NotificationGroup label="expiring" color="orange" items={expiring} entry={NOTIFICATION_TEXTS.expiring} />
          )}
        </Stack>
      )}
    </Container>
  );
}

function NotificationGroup({
  label,
  color,
  items,
  entry,
}: {
  label: string;
  color: 'red' | 'orange';
  items: ExpiryItem[];
  entry: (name: string) => string;
}) {
  const [open, { toggle }] = useDisclosure(true);
  const listId = useId();
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <Paper
      component="section"
      aria-label={label}
      withBorder
      radius="md"
      style={{ borderColor: `var(--mantine-color-${color}-6)`, overflow: 'hidden' }}
    >
      <UnstyledButton
        onClick={toggle}
        aria-expanded={open}
        aria-controls={listId}
        w="100%"
        p="sm"
        bg={`var(--mantine-color-${color}-light)`}
      >
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} c={`${color}.8`}>
            {NOTIFICATION_TEXTS.header(items.length)}
          </Text>
          <Chevron size={18} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={listId}>
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <li key={item.id} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <UnstyledButton component={Link} to={`/user-stores/${item.store_id}`} display="block" px="sm" py={8}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {entry(item.name)}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatQuantity(item.quantity, item.unit)} · {item.store_name} · {formatDay(item.expiry_date)}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </Collapse>
    </Paper>
  );
}
