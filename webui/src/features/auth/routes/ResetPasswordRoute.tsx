import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '@/shared/api';
import { toFormErrors } from '@/shared/lib/formErrors';
import { checkLinkToken } from '@/shared/lib/linkToken';
import { EMAIL_PATTERN } from '@/shared/lib/validation';
import { FormAlert, PasswordField } from '@/shared/ui';
import { useResetPasswordMutation } from '../api/auth';
import { AuthCard } from '../components/AuthCard';

export const RESET_MIN_MESSAGE = 'Passwords must be 6 characters or more.';
export const RESET_MATCH_MESSAGE = 'Passwords must match.';
export const RESET_FAILURE = 'An Error occurred resetting your password. Please try again or contact support.';
export const RESET_SUCCESS = 'Password Reset Successful';
const UNHANDLED_PREFIX = 'Unhandled Error: ';

const resetSchema = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, { error: 'Invalid email address' }),
  password: z.string().min(6, { error: RESET_MIN_MESSAGE }),
  password_confirmation: z.string(),
});
type ResetValues = z.infer<typeof resetSchema>;
const resolveSchema = zod4Resolver(resetSchema);

function validate(values: ResetValues) {
  const errors: Record<string, string> = { ...(resolveSchema(values) as Record<string, string>) };
  if (values.password !== values.password_confirmation) errors.password_confirmation = RESET_MATCH_MESSAGE;
  return errors;
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetValues>({
    initialValues: { email: '', password: '', password_confirmation: '' },
    validate,
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    reset.mutate(
      { ...values, email: values.email.trim(), token },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error)) {
            form.setErrors(toFormErrors(error.errors, ['email', 'password', 'password_confirmation']));
            setFailure(error.firstFieldError() ?? error.message);
          } else {
            setFailure(String(error));
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordField label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
         
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Reset password
        </Button>
        {failure !== null && (
          <FormAlert title={RESET_FAILURE}>
            <Text size="sm">{`${UNHANDLED_PREFIX}${failure}`}</Text>
          </FormAlert>
        )}
      </Stack>
    </form>
  );
}

/** Password reset page, reached by /reset-password?token=<JWT>. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const check = useMemo(() => checkLinkToken(token), [token]);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthCard title={RESET_SUCCESS}>
        <Stack align="center" gap="sm">
          <Text>You can now sign in with your new password.</Text>
          <Anchor component={Link} to="/login">
            return to login
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password">
      {check.ok && token ? (
        <ResetForm token={token} onDone={() => setDone(true)} />
      ) : (
        <Stack align="center" gap="sm">
          <Text c="red" role="alert">
            {check.ok ? null : check.error}
          </Text>
          <Anchor component={Link} to="/forgot-password">
            Request a new link
          </Anchor>
        </Stack>
      )}
    </AuthCard>
  );
}
