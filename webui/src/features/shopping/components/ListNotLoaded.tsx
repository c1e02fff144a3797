import { Alert, Container } from '@mantine/core';
import { Link } from 'react-router';

/** A list that could not be loaded (gone, not shared, or no network and nothing kept offline). */
export function ListNotLoaded() {
  return (
    <Container size="sm" px="xs">
      <Alert color="red" title="This list could not be loaded.">
        <Link to="/user-shopping-lists">Back to the lists</Link>
      </Alert>
    </Container>
  );
}
