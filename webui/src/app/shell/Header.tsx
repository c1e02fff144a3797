import { ActionIcon, Anchor, Button, Group, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '@/shared/session';
import { IconArrowLeft, IconLogin, IconMenu2, IconNews } from '@/shared/ui/icons';
import { SIGNED_IN_HOME, SIGNED_OUT_HOME } from './guards';

/** True when the browser history has an earlier entry inside the app. */
function hasPreviousEntry(locationKey: string): boolean {
  const state: unknown = typeof window !== 'undefined' ? window.history.state : null;
  if (state && typeof state === 'object' && typeof (state as { idx?: unknown }).idx === 'number') {
    return (state as { idx: number }).idx > 0;
  }
  return locationKey !== 'default';
}

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  const goBack = () => {
    if (hasPreviousEntry(location.key)) void navigate(-1);
    else void navigate(signedIn ? SIGNED_IN_HOME : SIGNED_OUT_HOME);
  };

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" size="lg" aria-label="Open menu" onClick={onOpenMenu}>
          <IconMenu2 size={22} />
        </ActionIcon>
        <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={goBack}>
          <IconArrowLeft size={22} />
        </ActionIcon>
        <Anchor component={Link} to="/" underline="never" c="inherit">
          <Title order={3} size="h4">
            Larder
          </Title>
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon component={Link} to="/home-beta" variant="subtle" size="lg" aria-label="Home beta">
          <IconNews size={22} />
        </ActionIcon>
        {!signedIn && (
          <Button component={Link} to="/login" variant="light" size="xs" leftSection={<IconLogin size={16} />}>
            Login
          </Button>
        )}
      </Group>
    </Group>
  );
}
