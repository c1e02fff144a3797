import { Alert, Button, FileButton, Group, Loader, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { isApiError } from '@/shared/api';
import { toast } from '@/shared/ui';
import { IconReceipt } from '@/shared/ui/icons';
import { type ScanLine, useScanReceipt } from '../api/receiptScan';
import { SCAN_TEXTS, storedText } from '../lib/scan';
import { ScanResultsDialog } from './ScanResultsDialog';

/** What a failed scan says: the server's reason for a refused photo, else its message. */
export function scanErrorText(error: unknown): string {
  if (isApiError(error)) return error.errors.file?.[0] ?? error.message;
  return 'The receipt could not be read.';
}

interface Notice {
  kind: 'error' | 'success';
  text: string;
}

/**
 * 'Scan receipt': opens the phone's camera (a file picker on a desktop), sends the photo, shows
 * 'Reading the receipt…' while the server reads it, then the 'Scan Results' dialog. A refused
 * photo or a busy reader is told with the server's message, and what the confirmed scan stored
 * ("11 items added to Pantry"): each in a toast, and in a note under the button that stays until
 * dismissed or replaced by the next scan (a toast lasts a second, too short to read a reason).
 */
export function ScanReceiptButton({ storeId }: { storeId?: number }) {
  const scan = useScanReceipt();
  const resetRef = useRef<() => void>(null);
  const [lines, setLines] = useState<ScanLine[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const read = (photo: File | null) => {
    // The same photo picked again must still count as a change.
    resetRef.current?.();
    if (!photo) return;
    setNotice(null);
    scan.mutate(photo, {
      onSuccess: setLines,
      onError: (error) => {
        console.error('Scanning the receipt failed', error);
        if (isApiError(error) && error.status === 401) return;
        toast(scanErrorText(error), 'error');
        setNotice({ kind: 'error', text: scanErrorText(error) });
      },
    });
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <FileButton
          onChange={read}
          accept="image/*"
          capture="environment"
          resetRef={resetRef}
          disabled={scan.isPending}
          inputProps={{ 'aria-label': 'receipt photo' }}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconReceipt size={18} />} disabled={scan.isPending}>
              {SCAN_TEXTS.button}
            </Button>
          )}
        </FileButton>
        {scan.isPending && (
          <Group gap={6} wrap="nowrap" role="status">
            <Loader size="xs" />
            <Text size="sm">{SCAN_TEXTS.reading}</Text>
          </Group>
        )}
      </Group>
      {notice && (
        <Alert
          color={notice.kind === 'error' ? 'red' : 'larder'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="dismiss"
          onClose={() => setNotice(null)}
          py="xs"
          data-testid="scan-notice"
          // its own row under the buttons it stands with
          style={{ flexBasis: '100%' }}
        >
          {notice.text}
        </Alert>
      )}
      <ScanResultsDialog
        lines={lines}
        startedFrom={storeId}
        onClose={() => setLines(null)}
        onStored={(count, storeName) => setNotice({ kind: 'success', text: storedText(count, storeName) })}
      />
    </>
  );
}
