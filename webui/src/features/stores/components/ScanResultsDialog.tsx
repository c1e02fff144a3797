import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { isApiError } from '@/shared/api';
import { Dialog, toast } from '@/shared/ui';
import { type ScanLine, useSendConfirmedMatches } from '../api/receiptScan';
import { useReceiveStock, useStores } from '../api/stores';
import { ScanLineCard } from './ScanLineCard';
import {
  canConfirm,
  draftsFrom,
  learnedMatches,
  preselectedStore,
  SCAN_TEXTS,
  type ScanDraft,
  stockItems,
  writableStores,
} from '../lib/scan';
import { storeTitle } from '../lib/stores';
import { ITEM_TEXTS } from '../lib/useItemEdits';

const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

/** Mantine's `xs` breakpoint: below it the dialog takes the whole screen. */
const PHONE_QUERY = '(max-width: 36em)';

export interface ScanResultsDialogProps {
  /** The lines of the scan just read; null while no scan is shown. */
  lines: ScanLine[] | null;
  /** The store the scan was started from (preselected when the member may add to it). */
  startedFrom?: number;
  onClose: () => void;
  /** After the items are stored: how many went into which store. */
  onStored?: (count: number, storeName: string) => void;
}

/**
 * 'Scan Results' (part 2 §2 'Receipt scan'): the lines read from a receipt, each ticked when
 * matched, to review and match; a store to put them in; Cancel and Confirm. Confirm puts the
 * ticked lines into the store (merge rule), then tells the server which matches the member kept or
 * picked, so that it matches those names the same way next time. An empty scan shows 'Scan Failed'.
 * Full-screen on phones.
 */
export function ScanResultsDialog({ lines, startedFrom, onClose, onStored }: ScanResultsDialogProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Dialog
      opened={lines !== null}
      onClose={onClose}
      title={SCAN_TEXTS.title}
      fullScreen={phone}
      size="lg"
      padding={phone ? 'sm' : 'md'}
      styles={{ title: { fontWeight: 700 } }}
    >
      {lines !== null && <ScanResults lines={lines} startedFrom={startedFrom} onClose={onClose} onStored={onStored} />}
    </Dialog>
  );
}

function ScanResults({ lines, startedFrom, onClose, onStored }: Omit<ScanResultsDialogProps, 'lines'> & { lines: ScanLine[] }) {
  const stores = useStores();
  const receive = useReceiveStock();
  const learn = useSendConfirmedMatches();
  const [drafts, setDrafts] = useState<ScanDraft[]>(() => draftsFrom(lines));
  const [chosen, setChosen] = useState<number | null>(null);

  const writable = writableStores(stores.data ?? []);
  const storeId = chosen ?? preselectedStore(writable, startedFrom);
  const store = writable.find((candidate) => candidate.id === storeId) ?? null;
  const busy = receive.isPending;
  const ready = store !== null && canConfirm(drafts, store.id) && !busy;

  const change = (index: number, draft: ScanDraft) =>
    setDrafts((all) => all.map((current, i) => (i === index ? draft : current)));

  const confirm = () => {
    if (!store) return;
    const items = stockItems(drafts);
    const matches = learnedMatches(drafts);
    receive.mutate(
      { storeId: store.id, payload: { items } },
      {
        onSuccess: () => {
          toast(ITEM_TEXTS.saved(items.length, store.name), 'success');
          onStored?.(items.length, store.name);
          onClose();
          // Only teaching the matcher: a failure changes nothing the member sees.
          if (matches.length > 0) learn.mutate({ matches });
        },
        onError: (error) => {
          console.error('Storing the scanned items failed', error);
          if (!signedOut(error)) toast(ITEM_TEXTS.failed(store.name), 'error');
        },
      },
    );
  };

  const footer = (
    <Group justify="flex-end" gap="sm" wrap="nowrap">
      <Button variant="default" onClick={onClose} disabled={busy}>
        {SCAN_TEXTS.cancel}
      </Button>
      <Button onClick={confirm} disabled={!ready} loading={busy}>
        {SCAN_TEXTS.confirm}
      </Button>
    </Group>
  );

  if (lines.length === 0) {
    return (
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {SCAN_TEXTS.subtitle}
        </Text>
        <Stack gap={4} role="alert">
          <Text fw={700} c="red">
            {SCAN_TEXTS.failed}
          </Text>
          <Text size="sm">{SCAN_TEXTS.failedHint}</Text>
        </Stack>
        {footer}
      </Stack>
    );
  }

  const storeOptions = writable.map((candidate) => ({ value: String(candidate.id), label: storeTitle(candidate) }));
  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        {SCAN_TEXTS.subtitle}
      </Text>
      <Stack gap="xs" component="ul" aria-label="scanned lines" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {drafts.map((draft, index) => (
          <ScanLineCard key={index} draft={draft} disabled={busy} onChange={(next) => change(index, next)} />
        ))}
      </Stack>
      {/* Store and buttons stay in view at the bottom while the lines scroll. */}
      <Stack
        gap="sm"
        pt="sm"
        pb={4}
        style={{
          position: 'sticky',
          bottom: 0,
          background: 'var(--mantine-color-body)',
          borderTop: '1px solid var(--mantine-color-default-border)',
          zIndex: 1,
        }}
      >
        {stores.isSuccess && writable.length === 0 ? (
          <Text size="sm" c="red">
            {SCAN_TEXTS.noStore}
          </Text>
        ) : (
          <NativeSelect
            label={SCAN_TEXTS.storeLabel}
            value={storeId === null ? '' : String(storeId)}
            data={storeId === null ? [{ value: '', label: 'choose a store' }, ...storeOptions] : storeOptions}
            disabled={busy || !stores.isSuccess}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setChosen(value ? Number(value) : null);
            }}
          />
        )}
        {footer}
      </Stack>
    </Stack>
  );
}
