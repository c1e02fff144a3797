import { ActionIcon, Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '@/shared/api';
import { useSession } from '@/shared/session';
import { CenteredLoader, confirmDialog, FormAlert, toast } from '@/shared/ui';
import { IconTrash } from '@/shared/ui/icons';
import { type AdminUser, useAdminUsers, useDeleteUserMutation } from '../api/users';
import { NotAllowed } from '../components/NotAllowed';

export const DELETED_TOAST = 'Account deleted';
export const USERS_ERROR_TEXT = 'Could not load the accounts. Please try again later.';
const UNKNOWN_ERROR = 'Unknown Error, Contact Administrator.';

/** /admin/users: the administrator sees every account and deletes one with everything it owns. */
export function AdminUsersRoute() {
  const { user } = useSession();
  if (user?.role !== 'admin') return <NotAllowed />;
  return <UsersAdmin selfId={user.id} />;
}

function UsersAdmin({ selfId }: { selfId: number }) {
  const { data, isPending, error } = useAdminUsers();
  const remove = useDeleteUserMutation();

  const askDelete = async (account: AdminUser) => {
    const confirmed = await confirmDialog({
      title: `Delete ${account.name}?`,
      description: 'This action cannot be undone',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(account.id, {
      onSuccess: () => toast(DELETED_TOAST, 'success'),
      onError: (failure) => {
        if (isApiError(failure) && failure.status === 401) return;
        // 409: the administrator's own account or the last administrator; the server says which.
        toast(isApiError(failure) && failure.status === 409 ? failure.message : UNKNOWN_ERROR, 'error');
      },
    });
  };

  if (error && isApiError(error) && error.status === 403) return <NotAllowed />;

  return (
    <Container size="md">
      <Title order={2} mb="md">
        Users
      </Title>
      {isPending ? (
        <CenteredLoader />
      ) : error ? (
        <FormAlert>{USERS_ERROR_TEXT}</FormAlert>
      ) : (
        <Stack gap="sm">
          {data.map((account) => (
            <Card key={account.id} withBorder padding="sm" component="article" aria-label={account.name}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {account.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {account.email}
                  </Text>
                  <Group gap={6}>
                    {account.email_verified ? (
                      <Badge variant="light">verified</Badge>
                    ) : (
                      <Badge variant="light" color="gray">
                        not verified
                      </Badge>
                    )}
                    {account.role === 'admin' && (
                      <Badge variant="light" color="orange">
                        admin
                      </Badge>
                    )}
                    {account.id === selfId && (
                      <Badge variant="outline" color="gray">
                        you
                      </Badge>
                    )}
                  </Group>
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${account.name}`}
                  loading={remove.isPending && remove.variables === account.id}
                  onClick={() => void askDelete(account)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Container>
  );
}
