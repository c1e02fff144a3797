import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { isApiError } from '@/shared/api';
import { PasswordField, toast } from '@/shared/ui';
import { useUpdateAccountMutation } from '../api/account';
import { UNKNOWN_ERROR, USER_UPDATED } from './messages';

export interface ProfileFieldFormProps {
  /** Server field this form edits. */
  field: 'name' | 'email';
  label: string;
  buttonLabel: string;
  current: { name: string; email: string };
  validate: (value: string, current: string) => string | null;
  /** Asked before saving; resolves false to abort. */
  beforeSave?: () => Promise<boolean>;
  inputType?: string;
  autoComplete?: string;
  /** Ask for the current password too (the server wants it to move the account to a new address). */
  askPassword?: boolean;
}

const PASSWORD_MIN = 5;
export const CURRENT_PASSWORD_LABEL = 'Your password';
export const CURRENT_PASSWORD_SHORT = 'Please enter your password to change your email address.';

/** One-field account form (username or e-mail): PUT /account/update with both values. */
export function ProfileFieldForm({
  field,
  label,
  buttonLabel,
  current,
  validate,
  beforeSave,
  inputType = 'text',
  autoComplete,
  askPassword = false,
}: ProfileFieldFormProps) {
  const update = useUpdateAccountMutation();
  const currentValue = current[field];
  const form = useForm({
    initialValues: { value: currentValue, password: '' },
    validate: {
      value: (value: string) => validate(value.trim(), currentValue),
      password: (password: string) => (askPassword && password.length < PASSWORD_MIN ? CURRENT_PASSWORD_SHORT : null),
    },
  });

  const { setInitialValues, setValues, isDirty } = form;
  useEffect(() => {
    // Follow the stored user after an update (unless the user is typing).
    setInitialValues({ value: currentValue, password: '' });
    if (!isDirty()) setValues({ value: currentValue, password: '' });
  }, [currentValue]);

  const submit = form.onSubmit(async ({ value, password }) => {
    if (beforeSave && !(await beforeSave())) return;
    const payload = {
      name: current.name,
      email: current.email,
      [field]: value.trim(),
      ...(askPassword ? { current_password: password } : {}),
    };
    update.mutate(payload, {
      onSuccess: () => {
        toast(USER_UPDATED, 'success');
        form.setValues({ password: '' });
        form.resetDirty({ value: value.trim(), password: '' });
      },
      onError: (error) => {
        const message = isApiError(error) ? error.errors[field]?.[0] : undefined;
        const passwordMessage = isApiError(error) ? error.errors.current_password?.[0] : undefined;
        if (passwordMessage) form.setFieldError('password', passwordMessage);
        else if (message) form.setFieldError('value', message);
        else if (isApiError(error) && error.status === 422) form.setFieldError('value', error.message);
        else if (!isApiError(error) || error.status !== 401) toast(UNKNOWN_ERROR, 'error');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={label}
          type={inputType}
          autoComplete={autoComplete}
          style={{ flex: 1 }}
          {...form.getInputProps('value')}
        />
        <Button type="submit" mt={25} loading={update.isPending}>
          {buttonLabel}
        </Button>
      </Group>
      {askPassword && (
        <PasswordField label={CURRENT_PASSWORD_LABEL} mt="xs" {...form.getInputProps('password')} />
      )}
    </form>
  );
}
