import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { whenModalsReady } from './overlayHosts';

export interface ConfirmOptions {
  title: ReactNode;
  description: ReactNode;
  /** Colour of the confirm button (default: the theme's primary colour). */
  danger?: boolean;
}

/**
 * Opens a confirm dialog with a title, a description and the buttons 'cancel' and 'confirm'.
 * Resolves true when confirmed, false when cancelled or dismissed (and when the dialog's code
 * cannot be fetched).
 */
export function confirmDialog({ title, description, danger = false }: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    whenModalsReady().then(
      () =>
        modals.openConfirmModal({
          title,
          centered: true,
          children: <Text size="sm">{description}</Text>,
          labels: { confirm: 'confirm', cancel: 'cancel' },
          confirmProps: danger ? { color: 'red' } : undefined,
          onConfirm: () => settle(true),
          onCancel: () => settle(false),
          onClose: () => settle(false),
        }),
      () => settle(false),
    );
  });
}
