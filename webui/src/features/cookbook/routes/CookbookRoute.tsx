import { Container, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHashTab } from '@/shared/ui';
import { CustomTab } from '../components/CustomTab';
import { NotesTab } from '../components/NotesTab';

export const COOKBOOK_TABS = ['saved', 'custom', 'imported', 'notes'] as const;

/**
 * /user-recipes: my cookbook, with the tabs #saved, #custom, #imported and #notes. The saved and
 * the imported recipes belong to other features: the app passes their tabs in (`savedTab`,
 * `importedTab`).
 */
export function CookbookRoute({ savedTab, importedTab }: { savedTab: ReactNode; importedTab: ReactNode }) {
  const [tab, selectTab] = useHashTab(COOKBOOK_TABS, 'saved');
  return (
    <Container size="md" px="xs">
      <Title order={2} mb="md">
        My Cookbook
      </Title>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="saved">saved</Tabs.Tab>
          <Tabs.Tab value="custom">custom</Tabs.Tab>
          <Tabs.Tab value="imported">imported</Tabs.Tab>
          <Tabs.Tab value="notes">notes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="saved">{savedTab}</Tabs.Panel>
        <Tabs.Panel value="custom">
          <CustomTab />
        </Tabs.Panel>
        <Tabs.Panel value="imported">{importedTab}</Tabs.Panel>
        <Tabs.Panel value="notes">
          <NotesTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
