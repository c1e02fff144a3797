import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@/shared/ui/icons';

/** The confirmation shown after a message went out. */
export function SentAlert({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <Alert color="larder" variant="light" icon={<IconCircleCheck size={18} />} role="status">
      {children}
    </Alert>
  );
}
