import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '@/shared/api';
import { toFormErrors } from '@/shared/lib/formErrors';
import { setSession } from '@/shared/session';
import { PasswordField } from '@/shared/ui';
import { useLoginMutation } from '../api/auth';

const loginSchema = z.object({
  email: z.string().trim().min(1, { error: 'Email is required' }),
  password: z.string().min(1, { error: 'Password is required' }),
});

type LoginValues = z.infer<typeof loginSchema>;

/** Email + password; on failure the server's message is shown under the form. */
export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const login = useLoginMutation();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(loginSchema),
  });

  const submit = form.onSubmit((values) => {
    setServerMessage(null);
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ token, user }) => setSession(token, user),
        onError: (error) => {
          setServerMessage(isApiError(error) ? error.message : 'Unknown Error, Contact Administrator.');
          if (isApiError(error)) form.setErrors(toFormErrors(error.errors, ['email', 'password']));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
         
          {...form.getInputProps('email')}
        />
        <PasswordField label="Password" {...form.getInputProps('password')} />
        <Button type="submit" loading={login.isPending} fullWidth>
          Login
        </Button>
        {serverMessage && (
          <Text c="red" size="sm" role="alert" data-testid="login-error">
            {serverMessage}
          </Text>
        )}
        <Button variant="subtle" onClick={onForgot}>
          Forgot password?
        </Button>
      </Stack>
    </form>
  );
}
