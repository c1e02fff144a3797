import { Anchor, Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A line under the card pointing to the other auth page ('No account yet? Register'). */
export function AuthSwitch({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <Text size="sm" ta="center" mt="md">
      {prompt}{' '}
      <Anchor component={Link} to={to}>
        {label}
      </Anchor>
    </Text>
  );
}

export function AuthCard({ title, children, footer }: { title: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Container size={440} py="lg">
      <Title order={2} ta="center" mb="md">
        {title}
      </Title>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        {children}
      </Paper>
      {footer}
    </Container>
  );
}
