import { Container, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '@/shared/api';
import { useSession } from '@/shared/session';
import { CenteredLoader, FormAlert } from '@/shared/ui';
import { useAdminInbox } from '../api/inbox';
import { InboxMessageCard } from '../components/InboxMessageCard';
import { NotAllowed } from '../components/NotAllowed';

export const EMPTY_INBOX_TEXT = 'No messages yet. Contact messages and bug reports will appear here.';
export const INBOX_ERROR_TEXT = 'Could not load the inbox. Please try again later.';

/** /admin/inbox: the contact messages and bug reports sent to the administrator, newest first. */
export function AdminInboxRoute() {
  const { user } = useSession();
  if (user?.role !== 'admin') return <NotAllowed />;
  return <Inbox />;
}

function Inbox() {
  const { data, isPending, error } = useAdminInbox();

  if (error && isApiError(error) && error.status === 403) return <NotAllowed />;

  return (
    <Container size="md">
      <Title order={2} mb="md">
        Inbox
      </Title>
      {isPending ? (
        <CenteredLoader />
      ) : error ? (
        <FormAlert>{INBOX_ERROR_TEXT}</FormAlert>
      ) : data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {EMPTY_INBOX_TEXT}
        </Text>
      ) : (
        <Stack gap="md">
          {data.map((message) => (
            <InboxMessageCard key={message.id} message={message} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
