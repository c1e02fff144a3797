import { Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { checkLinkToken } from '@/shared/lib/linkToken';
import { useVerifyEmail } from '../api/auth';

export const VERIFYING_TEXT = 'Validating Email Address.';
/** Both the success and the error view carry this heading (a spec quirk kept on purpose). */
export const VERIFY_HEADING = 'Email Verified Successfully';

function errorText(error: unknown): string {
  if (isApiError(error)) {
    const body = error.body as { error?: unknown } | null;
    if (body && typeof body === 'object' && typeof body.error === 'string' && body.error) return body.error;
    return error.message;
  }
  return 'Unknown Error, Contact Administrator.';
}

function VerifyResult({ error, message }: { error?: string; message?: string }) {
  const navigate = useNavigate();
  return (
    <Stack align="center" gap="md" ta="center">
      <Title order={2}>{VERIFY_HEADING}</Title>
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : (
        <Text c="dimmed">{message || 'Your e-mail address is confirmed.'}</Text>
      )}
      <Button onClick={() => void navigate('/login')}>Sign In</Button>
    </Stack>
  );
}

/** /verify?token=<JWT>: checks the token locally, then posts it to /verify-email. */
export function VerifyRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const check = useMemo(() => checkLinkToken(token), [token]);
  const verify = useVerifyEmail(token, check.ok);

  let content;
  if (!check.ok) content = <VerifyResult error={check.error} />;
  else if (verify.isPending) {
    content = (
      <Stack align="center" gap="md">
        <Text>{VERIFYING_TEXT}</Text>
        <Loader aria-label="Verifying" />
      </Stack>
    );
  } else if (verify.isError) content = <VerifyResult error={errorText(verify.error)} />;
  else content = <VerifyResult message={verify.data.message} />;

  return (
    <Container size={480} py="lg">
      <Paper withBorder shadow="sm" p="lg" radius="md">
        {content}
      </Paper>
    </Container>
  );
}
