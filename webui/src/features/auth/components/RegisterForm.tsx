import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { EMAIL_PATTERN, USERNAME_PATTERN } from '@/shared/lib/validation';
import { PasswordField } from '@/shared/ui';

export const USERNAME_MESSAGE =
  'Invalid username, must be 6 or more characters. Letters numbers, dash and underscore allowed only.';
export const EMAIL_MESSAGE = 'Invalid email address';
export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match';

const registerSchema = z.object({
  name: z.string().regex(USERNAME_PATTERN, { error: USERNAME_MESSAGE }),
  email: z.string().trim().regex(EMAIL_PATTERN, { error: EMAIL_MESSAGE }),
  password: z.string(),
  password_confirmation: z.string(),
});

export type RegisterValues = z.infer<typeof registerSchema>;
export const REGISTER_FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

const resolveSchema = zod4Resolver(registerSchema);

function validate(values: RegisterValues) {
  const errors: Record<string, string> = { ...(resolveSchema(values) as Record<string, string>) };
  if (values.password !== values.password_confirmation) errors.password_confirmation = PASSWORD_MISMATCH_MESSAGE;
  return errors;
}

export type RegisterForm = ReturnType<typeof useRegisterForm>;

export function useRegisterForm() {
  return useForm<RegisterValues>({
    initialValues: { name: '', email: '', password: '', password_confirmation: '' },
    validate,
  });
}

export interface RegisterFormProps {
  form: RegisterForm;
  busy: boolean;
  onSubmit: (values: RegisterValues) => void;
}

/** Username (sent as name), Email, Password, Password confirmation. */
export function RegisterFields({ form, busy, onSubmit }: RegisterFormProps) {
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput label="Username" autoComplete="username" {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField
          label="Password confirmation"
          autoComplete="new-password"
         
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" loading={busy} fullWidth>
          Register
        </Button>
      </Stack>
    </form>
  );
}
