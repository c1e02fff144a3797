import { ActionIcon, Button, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListDetails, IconPlus } from '@/shared/ui/icons';

/** Shown as the title while there is no current meal plan (it would carry the plan's name). */
export const DIARY_FALLBACK_TITLE = 'Food diary';
export const DIARY_WIP_TEXT = 'work in progress food diary.';

/**
 * /diary: a placeholder (spec part 1 §2.16). The title is the current meal plan's name; meal plans
 * are not there yet, so it reads 'Food diary'. The menu icon opens the 'Ingredient Summary' dialog.
 */
export function DiaryRoute() {
  const planName: string | null = null;
  const [summaryOpen, summary] = useDisclosure(false);
  return (
    <Container size="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2}>{planName || DIARY_FALLBACK_TITLE}</Title>
          <ActionIcon variant="subtle" size="lg" aria-label="Ingredient Summary" onClick={summary.open}>
            <IconListDetails size={22} />
          </ActionIcon>
        </Group>
        <Text>{DIARY_WIP_TEXT}</Text>
        <Button leftSection={<IconPlus size={18} />} disabled style={{ alignSelf: 'flex-start' }}>
          add entry
        </Button>
      </Stack>
      <Modal opened={summaryOpen} onClose={summary.close} title="Ingredient Summary" centered>
        <Text c="dimmed">
          There is no current meal plan yet. Once you have one, its ingredients show up here, recipe by recipe, ready
          to add to a shopping list.
        </Text>
      </Modal>
    </Container>
  );
}
