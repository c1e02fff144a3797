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

export function SideMenu({ opened, onClose }: SideMenuProps) {
  const { user, signedIn } = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  // Held here, not in the drawer's content (which unmounts when the menu closes). NoSleep.js is
  // fetched once the toggle is on screen.
  const wakeLock = useWakeLock({ preload: signedIn && opened });
  const { enabled: wakeLockOn, setEnabled: setWakeLock } = wakeLock;
  // Fetched while the menu is open, so the count is fresh whenever it is seen.
  const expiryCount = useExpiryCount({ enabled: signedIn && opened });

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
            rightSection={
              count === 'expiry' && expiryCount > 0 ? (
                <Badge size="sm" color="red" circle={expiryCount < 10} aria-label={`${expiryCount} expired or expiring items`}>
                  {expiryCount}
                </Badge>
              ) : undefined
            }
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
