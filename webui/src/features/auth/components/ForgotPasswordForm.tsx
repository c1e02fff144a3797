import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { EMAIL_PATTERN } from '@/shared/lib/validation';
import { useForgotEmailMutation } from '../api/auth';

export const FORGOT_ERROR = 'Error Finding Account';

const forgotSchema = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, { error: 'Invalid email address' }),
});

/** Forgot-password mode of the login page: asks for the e-mail and sends a reset link. */
export function ForgotPasswordForm({ onSent, onBack }: { onSent: () => void; onBack: () => void }) {
  const forgot = useForgotEmailMutation();
  const [failed, setFailed] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: zod4Resolver(forgotSchema) });

  const submit = form.onSubmit(({ email }) => {
    setFailed(false);
    forgot.mutate({ email: email.trim() }, { onSuccess: onSent, onError: () => setFailed(true) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the e-mail address of your account and we will send you a link to reset your password.
        </Text>
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <Button type="submit" loading={forgot.isPending} fullWidth>
          Send reset link
        </Button>
        {failed && (
          <Text c="red" size="sm" role="alert">
            {FORGOT_ERROR}
          </Text>
        )}
        <Button variant="subtle" onClick={onBack}>
          Back to login
        </Button>
      </Stack>
    </form>
  );
}
