import { Button, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { isApiError, useLogout } from '@/shared/api';
import { toFormErrors } from '@/shared/lib/formErrors';
import { confirmDialog, PasswordField, toast } from '@/shared/ui';
import { useChangePasswordMutation } from '../api/account';
import {
  LOGOUT_DELAY_MS,
  MISMATCH_THRESHOLD,
  PASSWORD_MIN,
  PASSWORD_MISMATCH,
  PASSWORD_UPDATED,
  UNKNOWN_ERROR,
} from './messages';

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
const TOO_SHORT = `Must be at least ${PASSWORD_MIN} characters.`;

/** Live hints: a length hint once something was typed, the mismatch once confirm is > 7 chars. */
function liveErrors(values: PasswordValues): Partial<Record<keyof PasswordValues, string>> {
  const errors: Partial<Record<keyof PasswordValues, string>> = {};
  for (const field of FIELDS) {
    const value = values[field];
    if (value.length > 0 && value.length < PASSWORD_MIN) errors[field] = TOO_SHORT;
  }
  if (values.confirm_password.length > MISMATCH_THRESHOLD && values.confirm_password !== values.new_password) {
    errors.confirm_password = PASSWORD_MISMATCH;
  }
  return errors;
}

function isComplete(values: PasswordValues): boolean {
  return (
    FIELDS.every((field) => values[field].length >= PASSWORD_MIN) && values.new_password === values.confirm_password
  );
}

/** Current / new / confirm password, confirm dialog, then logout 250 ms after success. */
export function PasswordChangeForm() {
  const change = useChangePasswordMutation();
  const logout = useLogout();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const form = useForm<PasswordValues>({
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const values = form.getValues();
  const hints = liveErrors(values);
  const complete = isComplete(values);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const submit = form.onSubmit(async (submitted) => {
    if (!isComplete(submitted)) return;
    const confirmed = await confirmDialog({
      title: 'Change Password?',
      description: 'Be sure to have copied your new password, you will be logged out.',
    });
    if (!confirmed) return;
    change.mutate(submitted, {
      onSuccess: () => {
        toast(PASSWORD_UPDATED, 'success');
        timer.current = setTimeout(() => void logout(), LOGOUT_DELAY_MS);
      },
      onError: (error) => {
        const errors = isApiError(error) ? toFormErrors(error.errors, FIELDS) : {};
        if (Object.keys(errors).length > 0) form.setErrors(errors);
        else if (!isApiError(error) || error.status !== 401) toast(UNKNOWN_ERROR, 'error');
      },
    });
  });

  const field = (name: keyof PasswordValues) => {
    const props = form.getInputProps(name);
    return { ...props, error: props.error ?? hints[name] };
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={4}>Password</Title>
        <PasswordField label="Current password" autoComplete="current-password" {...field('current_password')} />
        <PasswordField label="New password" autoComplete="new-password" {...field('new_password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirm_password')} />
        <Button type="submit" disabled={!complete} loading={change.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
