import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Store } from '@/shared/api';
import { CenteredLoader, useHashTab } from '@/shared/ui';
import { IconChefHat, IconPlus } from '@/shared/ui/icons';
import { useStores } from '../api/stores';
import { CreateStoreDialog } from '../components/CreateStoreDialog';
import { ScanReceiptButton } from '../components/ScanReceiptButton';
import { StoreCard } from '../components/StoreCard';

export const STORE_TABS = ['mystores', 'shared'] as const;
/** The empty tabs' texts (part 2 §2): 'nope' for own stores, 'nada' for shared ones. */
export const EMPTY_TEXTS = { mystores: 'nope', shared: 'nada' } as const;

/** The stores page's link to /cook. */
export const COOK_LINK_TEXT = 'Cook from what you have';

/**
 * /user-stores: the user's food stores (#mystores) and those shared with them (#shared), Create,
 * 'Scan receipt' (into any store the user may add to) and 'Cook from what you have' (/cook).
 */
export function UserStoresRoute() {
  const [tab, selectTab] = useHashTab(STORE_TABS, 'mystores');
  const [creating, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const { data, isPending, error } = useStores();
  useEffect(() => {
    if (error) console.error('Loading the stores failed', error);
  }, [error]);

  const own = (data ?? []).filter((store) => store.role === 'owner');
  const shared = (data ?? []).filter((store) => store.role !== 'owner');

  const panel = (stores: Store[], empty: string, label: string) => {
    if (isPending) return <CenteredLoader label="Loading stores" />;
    if (stores.length === 0)
      return (
        <Text ta="center" c="dimmed" py="xl">
          {empty}
        </Text>
      );
    return (
      <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {stores.map((store) => (
          <StoreCard key={store.id} store={store} />
        ))}
      </Stack>
    );
  };

  return (
    <Container size="md" px="xs">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2}>Food Stores</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={open}>
          Create
        </Button>
      </Group>
      <Stack mb="md" gap="xs">
        <ScanReceiptButton />
        <Button
          component={Link}
          to="/cook"
          variant="light"
          leftSection={<IconChefHat size={18} />}
          data-testid="cook-link"
        >
          {COOK_LINK_TEXT}
        </Button>
      </Stack>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="mystores">my stores</Tabs.Tab>
          <Tabs.Tab value="shared">shared with me</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mystores">{panel(own, EMPTY_TEXTS.mystores, 'my stores')}</Tabs.Panel>
        <Tabs.Panel value="shared">{panel(shared, EMPTY_TEXTS.shared, 'shared stores')}</Tabs.Panel>
      </Tabs>
      <CreateStoreDialog
        opened={creating}
        onClose={close}
        onCreated={(store) => {
          close();
          void navigate(`/user-stores/${store.id}`);
        }}
      />
    </Container>
  );
}
