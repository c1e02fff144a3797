import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Dialog } from '@/shared/ui';

export const DISCLAIMER_TITLE = 'Imported Recipe Disclaimer';

/** The 'Imported Recipe Disclaimer': accuracy and missing information, liability, copyright. */
export function DisclaimerDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title={DISCLAIMER_TITLE} centered>
      <Stack gap="sm">
        <List spacing="sm" size="sm">
          <List.Item>
            <Text span fw={600}>
              Accuracy:
            </Text>{' '}
            this recipe was read automatically from another website. Quantities, ingredients, steps, timings or other
            information may be inaccurate or missing, so check the original before you cook.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Liability:
            </Text>{' '}
            the imported content is provided as is. Larder and the people who run it accept no liability for it or for
            anything that results from using it, including allergen and dietary information.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Copyright:
            </Text>{' '}
            recipes belong to their creators. The copy here is for your personal use only; please visit the original
            site to see the full recipe and support its creator.
          </List.Item>
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose}>ok</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
