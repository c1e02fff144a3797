import { Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '@/shared/api';
import { useSession } from '@/shared/session';
import { CenteredLoader, FormAlert, formatDateTime, toast } from '@/shared/ui';
import { IconDatabase, IconDownload } from '@/shared/ui/icons';
import { type Backup, useAdminBackups, useDownloadBackupMutation, useTakeBackupMutation } from '../api/backups';
import { NotAllowed } from '../components/NotAllowed';

export const BACKUP_TAKEN_TOAST = 'Backup taken';
export const BACKUPS_EMPTY_TEXT = 'No backups yet. The first one is taken a few minutes after the server starts.';
export const BACKUPS_ERROR_TEXT = 'Could not load the backups. Please try again later.';
export const BACKUPS_INTRO_TEXT =
  "The server takes a backup once a day and keeps the last seven (LARDER_BACKUP_KEEP in the server's settings). " +
  "'Back up now' keeps its own last five and never deletes a daily one; archives written with `larder backup` are never deleted. " +
  "An archive holds the household's data, the passwords' hashes and the signing key, so keep it somewhere safe.";
/** What made each archive, as the server names it (`kind`). */
export const BACKUP_KIND_LABELS: Record<Backup['kind'], string> = {
  daily: 'Daily',
  on_demand: 'Taken now',
  other: 'Command line',
};
const UNKNOWN_ERROR = 'Unknown Error, Contact Administrator.';

/** An archive's size in megabytes (1 MB = 1,000,000 bytes) with one decimal. */
export function formatBackupSize(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The message to toast for a failed call; none for a 401 (the app is already going to /login). */
function failureMessage(failure: unknown): string | null {
  if (isApiError(failure)) return failure.status === 401 ? null : failure.message;
  return UNKNOWN_ERROR;
}

function toastFailure(failure: unknown) {
  const message = failureMessage(failure);
  if (message) toast(message, 'error');
}

/** Newest first, whatever order the answer came in. */
function newestFirst(backups: Backup[]): Backup[] {
  return [...backups].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** /admin/backups: the administrator sees the instance's backups, takes one now and downloads them. */
export function AdminBackupsRoute() {
  const { user } = useSession();
  if (user?.role !== 'admin') return <NotAllowed />;
  return <BackupsAdmin />;
}

function BackupsAdmin() {
  const { data, isPending, error } = useAdminBackups();
  const take = useTakeBackupMutation();

  if (error && isApiError(error) && error.status === 403) return <NotAllowed />;

  return (
    <Container size="md">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2}>Backups</Title>
        <Button
          leftSection={<IconDatabase size={18} />}
          loading={take.isPending}
          disabled={take.isPending}
          onClick={() =>
            take.mutate(undefined, {
              onSuccess: () => toast(BACKUP_TAKEN_TOAST, 'success'),
              onError: toastFailure,
            })
          }
        >
          Back up now
        </Button>
      </Group>
      <Text c="dimmed" mb="md">
        {BACKUPS_INTRO_TEXT}
      </Text>
      {isPending ? (
        <CenteredLoader />
      ) : error ? (
        <FormAlert>{BACKUPS_ERROR_TEXT}</FormAlert>
      ) : data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {BACKUPS_EMPTY_TEXT}
        </Text>
      ) : (
        <Stack gap="sm">
          {newestFirst(data).map((backup) => (
            <BackupRow key={backup.name} backup={backup} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

/** One archive: when it was taken, its size and name, and its own download (with its own pending state). */
function BackupRow({ backup }: { backup: Backup }) {
  const download = useDownloadBackupMutation();
  return (
    <Card withBorder padding="sm" component="article" aria-label={backup.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text component="time" dateTime={backup.created_at} fw={600}>
              {formatDateTime(backup.created_at)}
            </Text>
            <Badge variant="light" color={backup.kind === 'daily' ? 'gray' : 'blue'} size="sm">
              {BACKUP_KIND_LABELS[backup.kind]}
            </Badge>
          </Group>
          <Text size="sm">{formatBackupSize(backup.size)}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {backup.name}
          </Text>
        </Stack>
        <Button
          variant="light"
          size="xs"
          style={{ flexShrink: 0 }}
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          disabled={download.isPending}
          onClick={() => download.mutate(backup.name, { onError: toastFailure })}
        >
          download
        </Button>
      </Group>
    </Card>
  );
}
