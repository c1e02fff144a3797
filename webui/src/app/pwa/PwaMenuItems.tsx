import { Button, Stack } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import type { WakeLockControl } from '@/shared/hooks';
import { WakeLockSwitch } from '@/shared/ui';
import { useInstallPrompt } from './install';
import { applyUpdate, useUpdateState } from './updateCheck';

export const WAKE_LOCK_LABEL = 'keep screen on';

export interface PwaMenuItemsProps {
  /** The wake lock of the menu (kept by the always-mounted SideMenu, not by the drawer's content). */
  wakeLock: WakeLockControl;
  /** Signed-in users get the wake-lock toggle (spec part 1 §1). */
  showWakeLock: boolean;
}

/** Side menu: the wake-lock toggle, the Update button (only when an update exists) and Install. */
export function PwaMenuItems({ wakeLock, showWakeLock }: PwaMenuItemsProps) {
  const { availableVersion } = useUpdateState();
  const install = useInstallPrompt();

  return (
    <Stack gap="sm">
      {showWakeLock && <WakeLockSwitch wakeLock={wakeLock} label={WAKE_LOCK_LABEL} />}
      {availableVersion && (
        <Button
          leftSection={<IconRefresh size={18} />}
          onClick={() => void applyUpdate()}
          title={`Update to v${availableVersion}`}
        >
          Update
        </Button>
      )}
      {install.available && (
        <Button variant="light" leftSection={<IconDownload size={18} />} onClick={() => void install.install()}>
          Install
        </Button>
      )}
    </Stack>
  );
}
