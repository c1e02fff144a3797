import { List, Stack, Text, Title } from '@mantine/core';

export const TERMS_LAST_UPDATED = 'last updated 7 April 2024';
export const MINIMUM_AGE = 13;

/** Terms of use of a self-hosted Larder instance (static text). */
export function TermsText() {
  return (
    <Stack gap="sm">
      <Title order={3}>Terms of use</Title>
      <Text size="sm" c="dimmed">
        {TERMS_LAST_UPDATED}
      </Text>

      <Title order={4}>1. Who runs this Larder</Title>
      <Text>
        Larder is software you run yourself. This instance is operated by the person or household who installed it
        on their own computer or server (the &quot;operator&quot;). No company hosts this instance, sees your data or
        provides a service to you; the operator is responsible for it and for who may use it.
      </Text>

      <Title order={4}>2. Who may use it</Title>
      <Text>
        You need an invite code from the operator to create an account, and you must be at least {MINIMUM_AGE} years
        old. If you are under the age of digital consent where you live, use Larder with a parent&apos;s or
        guardian&apos;s permission.
      </Text>

      <Title order={4}>3. Your account</Title>
      <List spacing={4}>
        <List.Item>Keep your password to yourself and use a real e-mail address you can read.</List.Item>
        <List.Item>You are responsible for what is done with your account.</List.Item>
        <List.Item>
          The operator may suspend or remove accounts, for example when someone leaves the household or misuses the
          instance.
        </List.Item>
      </List>

      <Title order={4}>4. Your content</Title>
      <Text>
        Recipes, notes, plans, lists, stores and images you add stay yours. By adding them you allow this instance to
        store and show them to you and to the people you choose to share them with. A recipe you ask to publish is
        shown in the catalogue of this instance only after the operator approves it. Only add content you have the
        right to use, and nothing unlawful, hateful or harmful.
      </Text>

      <Title order={4}>5. Food, allergens and health</Title>
      <Text>
        Dietary badges, allergen warnings and expiry dates are guidance worked out from the data this instance has.
        They can be wrong or incomplete. Always check ingredient labels and use-by dates, and take professional
        advice for allergies and medical diets.
      </Text>

      <Title order={4}>6. No warranty</Title>
      <Text>
        Larder is provided as it is, without any warranty. It is beta software: features change, and data can be
        lost. The operator should keep backups: unless configured otherwise, all of this instance&apos;s data
        lives in its data directory (LARDER_DATA_DIR, by default ./larder-data), which can be copied while the server
        is stopped. To the extent the law allows, neither the operator nor the authors of the software are liable for
        any loss arising from its use.
      </Text>

      <Title order={4}>7. Changes</Title>
      <Text>
        The operator may change these terms; the date above shows the last change. Using the instance after a change
        means you accept the new terms. Questions go to the operator through the contact page.
      </Text>
    </Stack>
  );
}
