import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { InboxMessage } from '../api/inbox';

const KIND_LABELS: Record<InboxMessage['kind'], string> = { contact: 'Contact', bug: 'Bug report' };
const KIND_COLORS: Record<InboxMessage['kind'], string> = { contact: 'blue', bug: 'red' };

const FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** When a message arrived, in British English ('1 Jan 2026, 12:00'); '' when unknown. */
export function formatReceived(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : FORMAT.format(date);
}

/** One message. Everything the sender wrote is shown as text: React escapes it, nothing is parsed as HTML. */
export function InboxMessageCard({ message }: { message: InboxMessage }) {
  const titleId = `inbox-message-${message.id}`;
  const received = formatReceived(message.created_at);
  return (
    <Card component="article" withBorder radius="md" padding="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Badge color={KIND_COLORS[message.kind]} variant="light">
              {KIND_LABELS[message.kind]}
            </Badge>
            <Text id={titleId} fw={600}>
              {message.name}
            </Text>
            <Anchor href={`mailto:${message.email}`} size="sm">
              {message.email}
            </Anchor>
          </Group>
          {received && (
            <Text component="time" dateTime={message.created_at ?? undefined} size="sm" c="dimmed">
              {received}
            </Text>
          )}
        </Group>
        {message.kind === 'bug' && message.page && (
          <Text size="sm" c="dimmed">
            Page: {message.page}
          </Text>
        )}
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Text>
      </Stack>
    </Card>
  );
}
