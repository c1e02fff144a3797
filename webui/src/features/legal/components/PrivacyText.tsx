import { List, Stack, Text, Title } from '@mantine/core';

/** What a self-hosted Larder stores, where, and who can see it. */
export function PrivacyText() {
  return (
    <Stack gap="sm">
      <Title order={3}>Privacy</Title>
      <Text>
        This Larder runs on a machine of its operator (the person or household who installed it). Everything it keeps
        stays there: there is no Larder company, no cloud account and no copy of your data anywhere else.
      </Text>

      <Title order={4}>What is stored</Title>
      <List spacing={4}>
        <List.Item>
          your account: username, e-mail address and a one-way hash of your password (never the password itself);
        </List.Item>
        <List.Item>your filter preferences;</List.Item>
        <List.Item>your recipes, saved and imported recipes (with the links you imported them from);</List.Item>
        <List.Item>your meal plans, shopping lists and food stores, and who you share them with;</List.Item>
        <List.Item>images you upload, such as recipe photos;</List.Item>
        <List.Item>messages you send through the contact and bug-report pages.</List.Item>
      </List>

      <Title order={4}>Where it is stored</Title>
      <Text>
        In the operator&apos;s data directory on their own machine: one SQLite database file plus a folder of uploaded
        images (or the database the operator has configured instead). Receipt text recognition runs on that machine
        too. Your browser keeps your sign-in token and a few settings in its local storage; logging out removes the
        token.
      </Text>

      <Title order={4}>E-mail</Title>
      <Text>
        Verification, password-reset and sharing e-mails are sent only through the mail server the operator has set
        up. Without one, they are kept on the machine for the operator to pass on. Contact messages and bug reports
        go to the operator&apos;s own address.
      </Text>

      <Title order={4}>No tracking</Title>
      <Text>
        Larder uses no advertising, no analytics and no third-party trackers or cookies. When you import a recipe by
        its link, this instance fetches that page itself, so the other website sees the operator&apos;s machine, not
        you.
      </Text>

      <Title order={4}>Who can see it, and your choices</Title>
      <Text>
        You see your own data, the people you share something with see that item, and the operator, who runs the
        machine, can technically see everything. Ask the operator to correct, export or delete your data and
        account; they can also make backups, so ask them about those too.
      </Text>
    </Stack>
  );
}
