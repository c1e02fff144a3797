import { Container, Tabs, Title } from '@mantine/core';
import { useSession } from '@/shared/session';
import { CenteredLoader, ComingSoon } from '@/shared/ui';
import { AccountTab } from '../components/AccountTab';
import { BetaToolsTab } from '../components/BetaToolsTab';

/** /user-preferences: tabs 'account', 'profile' and 'beta tools'. */
export function UserPreferencesRoute() {
  const { user } = useSession();
  return (
    <Container size="sm">
      <Title order={2} mb="md">
        Account settings
      </Title>
      <Tabs defaultValue="account" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="account">account</Tabs.Tab>
          <Tabs.Tab value="profile">profile</Tabs.Tab>
          <Tabs.Tab value="beta-tools">beta tools</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account">{user ? <AccountTab user={user} /> : <CenteredLoader />}</Tabs.Panel>
        <Tabs.Panel value="profile">
          <ComingSoon />
        </Tabs.Panel>
        <Tabs.Panel value="beta-tools">
          <BetaToolsTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
