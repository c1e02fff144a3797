import { Divider, Stack, Text, Title } from '@mantine/core';
import { isEmail } from '@/shared/lib/validation';
import type { User } from '@/shared/session';
import { confirmDialog } from '@/shared/ui';
import { PasswordChangeForm } from './PasswordChangeForm';
import { ProfileFieldForm } from './ProfileFieldForm';

export const EMAIL_CHANGE_TITLE = 'Update Email Address?';
export const EMAIL_CHANGE_WARNING =
  'Social and sharing features will be unavailable until you verify your new email address.';

function validateUsername(value: string, current: string): string | null {
  if (value.length <= 3) return 'Username must be more than 3 characters.';
  if (value === current) return 'This is already your username.';
  return null;
}

function validateEmail(value: string, current: string): string | null {
  if (!isEmail(value)) return 'Invalid email address';
  if (value.toLowerCase() === current.toLowerCase()) return 'This is already your email address.';
  return null;
}

export function AccountTab({ user }: { user: User }) {
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={4}>Account details</Title>
        <ProfileFieldForm
          field="name"
          label="Username"
          buttonLabel="Save username"
          autoComplete="username"
          current={user}
          validate={validateUsername}
        />
        <ProfileFieldForm
          field="email"
          label="Email"
          buttonLabel="Save email"
          inputType="email"
          autoComplete="email"
          current={user}
          validate={validateEmail}
          beforeSave={() => confirmDialog({ title: EMAIL_CHANGE_TITLE, description: EMAIL_CHANGE_WARNING })}
        />
        {!user.email_verified && (
          <Text size="sm" c="orange">
            Your email address is not verified yet: check your inbox for the verification link.
          </Text>
        )}
      </Stack>
      <Divider />
      <PasswordChangeForm />
    </Stack>
  );
}
