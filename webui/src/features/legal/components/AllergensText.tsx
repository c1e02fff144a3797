import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@/shared/ui/icons';

/** How dietary badges and allergen warnings are worked out, and their limits. */
export function AllergensText() {
  return (
    <Stack gap="sm">
      <Title order={3}>Allergens and dietary badges</Title>
      <Text>
        Every ingredient in the catalogue carries a few flags: <b>allergen</b>, <b>vegan</b>, <b>vegetarian</b>,{' '}
        <b>gluten free</b>, <b>dairy free</b> and <b>sugar free</b>. A recipe&apos;s badges and warnings are worked
        out from the ingredients it lists:
      </Text>
      <List spacing={4}>
        <List.Item>
          a badge such as vegan, vegetarian, gluten free, dairy free or sugar free shows only when <b>every</b>{' '}
          ingredient of the recipe has that flag;
        </List.Item>
        <List.Item>
          an allergen warning shows when <b>any</b> ingredient is flagged as an allergen, and names the allergens it
          carries;
        </List.Item>
        <List.Item>your filter preferences use the same flags to choose which recipes you see.</List.Item>
      </List>
      <Text>
        Ingredients you type in yourself, or that come from an imported web page, are not in the catalogue and carry
        no flags, so recipes using them may show fewer badges and no warnings.
      </Text>
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title="Guidance only">
        Badges and warnings can be wrong or incomplete: brands differ, recipes change and products can contain
        traces. Always check the labels of what you buy, and ask a professional about allergies and medical diets.
      </Alert>
    </Stack>
  );
}
