import { Container, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@/shared/session';
import { ContactForm } from '../components/ContactForm';

function ContactPage({ initial }: { initial?: { name?: string; email?: string } }) {
  return (
    <Container size="sm">
      <Stack gap="md">
        <Title order={2}>Contact</Title>
        <Text c="dimmed">Questions, ideas or problems? Your message goes to the administrator of this Larder.</Text>
        <ContactForm initial={initial} />
      </Stack>
    </Container>
  );
}

/** /contact (public). */
export function ContactRoute() {
  return <ContactPage />;
}

/** /contact-beta (signed in): the same form, prefilled with the account's name and e-mail. */
export function ContactBetaRoute() {
  const { user } = useSession();
  return <ContactPage key={user?.id ?? 'anonymous'} initial={{ name: user?.name, email: user?.email }} />;
}
