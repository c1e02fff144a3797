import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/shared/session';

export const OPEN_APP_LABEL = 'Open my kitchen';

/** Public landing page (/home). A signed-in visitor gets a way into the app instead of Register and Login. */
export function HomeRoute() {
  const navigate = useNavigate();
  const { signedIn } = useSession();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="lg" ta="center">
        <Title order={1}>Welcome to Larder</Title>
        <Text size="lg" c="dimmed">
          Your household&apos;s recipes, meal plans, shopping lists and pantry, in one place.
        </Text>
        <Text fw={700} c="larder.7">
          Closed beta is now live
        </Text>
        {signedIn ? (
          <Button size="md" onClick={() => void navigate('/user-dashboard')}>
            {OPEN_APP_LABEL}
          </Button>
        ) : (
          <Group justify="center">
            <Button size="md" onClick={() => void navigate('/register')}>
              Register
            </Button>
            <Button size="md" variant="outline" onClick={() => void navigate('/login')}>
              Login
            </Button>
          </Group>
        )}
        <Group justify="center" gap="md" component="nav" aria-label="About Larder" mt="xl">
          <Anchor component={Link} to="/recipes">
            Browse recipes
          </Anchor>
          <Anchor component={Link} to="/about">
            About
          </Anchor>
          <Anchor component={Link} to="/legal">
            Legal
          </Anchor>
          <Anchor component={Link} to="/contact">
            Contact
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
