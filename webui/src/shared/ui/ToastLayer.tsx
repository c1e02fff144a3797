// Mantine's toast area, loaded by ToastArea when the first toast is shown.
export { Notifications as ToastLayer } from '@mantine/notifications';
