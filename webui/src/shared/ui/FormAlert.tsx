import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlertCircle } from './icons';

/** An error message shown under (or above) a form. Renders nothing without children. */
export function FormAlert({ children, title }: { children?: ReactNode; title?: ReactNode }) {
  if (!children && !title) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      {children}
    </Alert>
  );
}
