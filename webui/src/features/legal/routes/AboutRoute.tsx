import { Container, Title } from '@mantine/core';

/** /about: an empty placeholder page (spec part 1 §2.2). */
export function AboutRoute() {
  return (
    <Container size="md">
      <Title order={2}>About</Title>
    </Container>
  );
}
