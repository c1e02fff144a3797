import { ActionIcon, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '@/shared/api';
import { useSession } from '@/shared/session';
import { CenteredLoader, confirmDialog, DateTimeText, FormAlert, HtmlContent, toast } from '@/shared/ui';
import { IconPencil, IconPlus, IconTrash } from '@/shared/ui/icons';
import { type AdminNewsItem, useAdminNews, useDeleteNewsMutation } from '../api/news';
import { NewsEditor } from '../components/NewsEditor';
import { NotAllowed } from '../components/NotAllowed';

type Editing = { item: AdminNewsItem | null } | null;

/** /admin/news: the administrator writes, edits and deletes the news shown on /home-beta. */
export function AdminNewsRoute() {
  const { user } = useSession();
  if (user?.role !== 'admin') return <NotAllowed />;
  return <NewsAdmin />;
}

function NewsAdmin() {
  const { data, isPending, error } = useAdminNews();
  const remove = useDeleteNewsMutation();
  const [editing, setEditing] = useState<Editing>(null);

  const askDelete = async (item: AdminNewsItem) => {
    const confirmed = await confirmDialog({
      title: `Delete ${item.title}?`,
      description: 'This action cannot be undone',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(item.id, {
      onSuccess: () => toast('News item deleted', 'success'),
      onError: (failure) => {
        if (!isApiError(failure) || failure.status !== 401) toast('Unknown Error, Contact Administrator.', 'error');
      },
    });
  };

  if (error && isApiError(error) && error.status === 403) return <NotAllowed />;

  return (
    <Container size="md">
      <Group justify="space-between" mb="md">
        <Title order={2}>News</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ item: null })}>
          New news item
        </Button>
      </Group>
      {isPending ? (
        <CenteredLoader />
      ) : error ? (
        <FormAlert>Could not load the news. Please try again later.</FormAlert>
      ) : data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No news yet. Write the first item for your household.
        </Text>
      ) : (
        <Stack gap="md">
          {data.map((item) => (
            <Card key={item.id} withBorder padding="md" component="article" aria-label={item.title}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Title order={3} size="h4">
                    {item.title}
                  </Title>
                  <DateTimeText value={item.created_at} />
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${item.title}`}
                    onClick={() => setEditing({ item })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${item.title}`}
                    onClick={() => void askDelete(item)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
              <HtmlContent html={item.HtmlContent} />
            </Card>
          ))}
        </Stack>
      )}
      <NewsEditor item={editing?.item ?? null} opened={editing !== null} onClose={() => setEditing(null)} />
    </Container>
  );
}
