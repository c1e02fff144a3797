import { Container, Title } from '@mantine/core';
import { NameListForm } from '../components/NameListForm';
import { TEXTS } from '../lib/messages';

/** /user-shopping-lists/create: the create form (no 'edit' in the address). */
export function CreateListRoute() {
  return (
    <Container size="sm" px="xs">
      <Title order={2} mb="md">
        {TEXTS.createTitle}
      </Title>
      <NameListForm />
    </Container>
  );
}
