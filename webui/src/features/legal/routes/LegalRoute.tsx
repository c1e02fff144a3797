import { Container, Tabs, Title } from '@mantine/core';
import { useHashTab } from '@/shared/ui';
import { AllergensText } from '../components/AllergensText';
import { PrivacyText } from '../components/PrivacyText';
import { TermsText } from '../components/TermsText';

/** Tab values double as URL anchors (#terms, #privacy, #allergens) so each can be linked to. */
export const LEGAL_TABS = ['terms', 'privacy', 'allergens'] as const;

/** /legal: tabs Terms, Privacy and Allergens. */
export function LegalRoute() {
  const [tab, setTab] = useHashTab(LEGAL_TABS, 'terms');
  return (
    <Container size="md">
      <Title order={2} mb="md">
        Legal
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="terms">Terms</Tabs.Tab>
          <Tabs.Tab value="privacy">Privacy</Tabs.Tab>
          <Tabs.Tab value="allergens">Allergens</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="terms">
          <TermsText />
        </Tabs.Panel>
        <Tabs.Panel value="privacy">
          <PrivacyText />
        </Tabs.Panel>
        <Tabs.Panel value="allergens">
          <AllergensText />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
