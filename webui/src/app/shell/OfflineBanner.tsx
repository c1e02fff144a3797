import { Alert } from '@mantine/core';
import { IconWifiOff } from '@/shared/ui/icons';
import { useOnline } from '@/shared/hooks';

export const OFFLINE_MESSAGE = 'You are offline. Changes cannot be saved until the connection is back.';

/** Shown under the header while the browser has no network. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert role="status" color="yellow" variant="light" radius={0} py="xs" icon={<IconWifiOff size={18} />}>
      {OFFLINE_MESSAGE}
    </Alert>
  );
}
