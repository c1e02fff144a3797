import { Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { toFormErrors } from '@/shared/lib/formErrors';
import { setSession } from '@/shared/session';
import { FormAlert } from '@/shared/ui';
import { useLoginMutation, useRegisterMutation } from '../api/auth';
import { AuthCard, AuthSwitch } from '../components/AuthCard';
import { REGISTER_FIELDS, RegisterFields, type RegisterValues, useRegisterForm } from '../components/RegisterForm';

export const INVITE_CODE_LENGTH = 8;
export const REGISTRATION_ERROR = 'Error with registration';
export const LOGIN_AFTER_REGISTRATION_ERROR = 'Error logging in';
export const FIRST_LOGIN_TARGET = '/user-dashboard?first_login=true';

/** /register: invite code first; the form appears once the code is exactly 8 characters. */
export function RegisterRoute() {
  const [searchParams] = useSearchParams();
  const [inviteCode, setInviteCode] = useState(() => searchParams.get('promo_code') ?? '');
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRegisterForm();
  const register = useRegisterMutation();
  const login = useLoginMutation();

  const showForm = inviteCode.length === INVITE_CODE_LENGTH;

  const submit = async (values: RegisterValues) => {
    setFailure(null);
    setInviteError(null);
    const email = values.email.trim();
    try {
      await register.mutateAsync({ ...values, email, beta_code: inviteCode });
    } catch (error) {
      setFailure(REGISTRATION_ERROR);
      if (isApiError(error)) {
        form.setErrors(toFormErrors(error.errors, REGISTER_FIELDS));
        setInviteError(error.errors.beta_code?.[0] ?? null);
      }
      return;
    }
    try {
      const { token, user } = await login.mutateAsync({ email, password: values.password });
      setSession(token, user, { redirectTo: FIRST_LOGIN_TARGET });
    } catch {
      setFailure(LOGIN_AFTER_REGISTRATION_ERROR);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      footer={<AuthSwitch prompt="Already have an account?" to="/login" label="Login" />}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Larder is in closed beta: you need an invite code to register.
        </Text>
        <TextInput
          label="Invite code"
          autoComplete="off"
          maxLength={64}
          value={inviteCode}
          error={inviteError}
          onChange={(event) => {
            setInviteCode(event.currentTarget.value.trim());
            setInviteError(null);
          }}
        />
        {showForm && (
          <RegisterFields form={form} busy={register.isPending || login.isPending} onSubmit={(v) => void submit(v)} />
        )}
        <FormAlert>{failure}</FormAlert>
      </Stack>
    </AuthCard>
  );
}
