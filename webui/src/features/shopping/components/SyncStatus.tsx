import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOnline } from '@/shared/hooks';
import { IconCloudUpload } from '@/shared/ui/icons';
import { TEXTS } from '../lib/messages';
import type { OutboxEntry } from '../lib/outbox';
import { syncNow } from '../lib/sync';

/** 'waiting to sync': shops of this list completed without network, not yet on the server. */
export function SyncStatus({ entries }: { entries: readonly OutboxEntry[] }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  if (entries.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconCloudUpload size={18} />} title={TEXTS.waiting} role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {online
            ? 'The completed shop has not reached the server yet.'
            : 'The completed shop is kept on this device and sent when you are back online.'}
        </Text>
        {online && (
          <Button
            size="xs"
            variant="light"
            color="orange"
            loading={sending}
            onClick={() => {
              setSending(true);
              void syncNow(queryClient).finally(() => setSending(false));
            }}
          >
            send now
          </Button>
        )}
      </Group>
    </Alert>
  );
}
