import { Modal, type ModalProps } from '@mantine/core';
import { useBackCloses } from './useBackCloses';

/** Mantine's Modal, closed by Back as well (useBackCloses): every dialog of the app is one. */
export function Dialog(props: ModalProps) {
  useBackCloses(props.opened, props.onClose);
  return <Modal {...props} />;
}
