import { notifications } from '@mantine/notifications';

export const TOAST_DURATION_MS = 1000;
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 6-character code used as the toast id. */
export function randomToastId(): string {
  let id = '';
  for (let i = 0; i < 6; i += 1) id += ID_CHARS.charAt(Math.floor(Math.random() * ID_CHARS.length));
  return id;
}

export type ToastKind = 'success' | 'error' | 'info';

const COLORS: Record<ToastKind, string> = { success: 'larder', error: 'red', info: 'blue' };

/** Shows a toast for 1 second at the top centre of the screen; returns its id. */
export function toast(message: string, kind: ToastKind = 'info'): string {
  const id = randomToastId();
  notifications.show({
    id,
    message,
    color: COLORS[kind],
    autoClose: TOAST_DURATION_MS,
    position: 'top-center',
    withCloseButton: true,
  });
  return id;
}
