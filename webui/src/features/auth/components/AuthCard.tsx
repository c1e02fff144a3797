import { Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Container size={440} py="lg">
      <Title order={2} ta="center" mb="md">
        {title}
      </Title>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
