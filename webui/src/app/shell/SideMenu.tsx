import { Badge, Divider, Drawer, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useExpiryCount, useLogout } from '@/shared/api';
import { useWakeLock } from '@/shared/hooks';
import { VERSION_LABEL } from '@/shared/lib/version';
import { useSession } from '@/shared/session';
import { IconLogout } from '@/shared/ui/icons';
import { PwaMenuItems } from '../pwa/PwaMenuItems';
import { ADMIN_MENU_ENTRIES, MENU_ENTRIES } from './menuEntries';

/** 80 percent of the screen, up to 300 px (spec part 1 §9). */
export const MENU_DRAWER_WIDTH = 'min(80%, 300px)';

export interface SideMenuProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The number of expired plus expiring items (GET /notifications), on the notifications entry. It
 * lives in the drawer's content, so it is fetched when the menu opens and whenever it is seen.
 */
function ExpiryCount() {
  const count = useExpiryCount();
  if (count === 0) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} aria-label={`${count} expired or expiring items`}>
      {count}
    </Badge>
  );
}

export function SideMenu({ opened, onClose }: SideMenuProps) {
  const { user, signedIn } = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  // Held here, not in the drawer's content (which unmounts when the menu closes). NoSleep.js is
  // fetched once the toggle is on screen.
  const wakeLock = useWakeLock({ preload: signedIn && opened });
  const { enabled: wakeLockOn, setEnabled: setWakeLock } = wakeLock;

  // Signing out turns the wake lock off with its toggle.
  useEffect(() => {
    if (!signedIn && wakeLockOn) setWakeLock(false);
  }, [signedIn, wakeLockOn, setWakeLock]);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={MENU_DRAWER_WIDTH}
      title={
        <Text fw={700} data-testid="menu-user-name">
          {user?.name ?? 'Larder'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap={0} component="nav" aria-label="Main menu">
        {[...MENU_ENTRIES, ...(user?.role === 'admin' ? ADMIN_MENU_ENTRIES : [])].map(({ label, to, icon: Icon, count }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<Icon size={20} stroke={1.6} />}
            rightSection={count === 'expiry' && signedIn ? <ExpiryCount /> : undefined}
            active={pathname === to || pathname.startsWith(`${to}/`)}
            onClick={onClose}
          />
        ))}
        {signedIn && (
          <NavLink
            component="button"
            type="button"
            label="log out"
            leftSection={<IconLogout size={20} stroke={1.6} />}
            onClick={() => {
              onClose();
              void logout();
            }}
          />
        )}
      </Stack>
      <Divider my="md" />
      <PwaMenuItems wakeLock={wakeLock} showWakeLock={signedIn} />
      <Text size="xs" c="dimmed" mt="md" data-testid="version-label">
        {VERSION_LABEL}
      </Text>
    </Drawer>
  );
}
