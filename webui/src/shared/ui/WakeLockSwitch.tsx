import { Switch } from '@mantine/core';
import type { WakeLockControl } from '@/shared/hooks';

/**
 * The 'keep screen on' toggle (spec part 1 §4 Wake lock; signed-in users only): shows the real
 * state of `useWakeLock()`, and why it went back to off when the browser would not keep the screen on.
 */
export function WakeLockSwitch({ wakeLock, label = 'keep screen on' }: { wakeLock: WakeLockControl; label?: string }) {
  return (
    <Switch
      label={label}
      checked={wakeLock.enabled}
      onChange={(event) => wakeLock.setEnabled(event.currentTarget.checked)}
      error={wakeLock.error ?? undefined}
    />
  );
}
