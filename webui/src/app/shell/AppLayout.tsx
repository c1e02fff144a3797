import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useAccount } from '@/shared/api';
import { useSession } from '@/shared/session';
import { BackClosesDialogs } from '@/shared/ui';
import { LiveUpdates } from '../live/LiveUpdates';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { SideMenu } from './LazySideMenu';

/** Keeps the stored user fresh while signed in (GET /account); failures are only logged. */
function AccountSync() {
  const { error } = useAccount();
  if (error) console.error('account refresh failed', error);
  return null;
}

export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const { signedIn } = useSession();

  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Header onOpenMenu={menu.open} />
      </AppShell.Header>
      <SideMenu opened={menuOpened} onClose={menu.close} />
      {signedIn && <AccountSync />}
      {signedIn && <LiveUpdates />}
      <BackClosesDialogs />
      <AppShell.Main>
        <OfflineBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
