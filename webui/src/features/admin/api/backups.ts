import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload, queryKeys } from '@/shared/api';
import { saveFile } from '@/shared/lib/saveFile';

export type { Backup } from '@/shared/api';

/** GET /api/admin/backups: every kept archive, newest first. */
export function adminBackupsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.adminBackups.all,
    queryFn: ({ signal }) => api.get('/api/admin/backups', { signal }),
  });
}

export function useAdminBackups() {
  return useQuery(adminBackupsQueryOptions());
}

/** POST /api/admin/backups (201): takes a backup now; the list is fetched again afterwards. */
export function useTakeBackupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'backups', 'take'],
    mutationFn: () => api.post('/api/admin/backups'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminBackups.all }),
  });
}

/**
 * GET /api/admin/backups/{name}: fetches the archive with the session's token (a plain link could
 * not send it) and hands it to the browser as a download under the server's file name.
 */
export async function downloadBackup(name: string): Promise<void> {
  const file = await apiDownload('/api/admin/backups/{name}', { params: { name } });
  saveFile(file.blob, file.filename ?? name);
}

/** `downloadBackup` as a mutation, for its pending state and error. */
export function useDownloadBackupMutation() {
  return useMutation({
    mutationKey: ['admin', 'backups', 'download'],
    mutationFn: downloadBackup,
  });
}
