import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isApiError } from '@/shared/api';
import { isEmail } from '@/shared/lib/validation';
import type { User } from '@/shared/session';
import { confirmDialog, preferenceLabel, toast, userPreferences } from '@/shared/ui';
import { useResendVerificationMutation } from '../api/account';
import {
  EMAIL_NOT_VERIFIED,
  RESEND_VERIFICATION,
  RESEND_VERIFICATION_FAILED,
  RESEND_VERIFICATION_SENT,
} from './messages';
import { CalendarFeedSection } from './CalendarFeedSection';
import { ExpiryEmailSection } from './ExpiryEmailSection';
import { PasswordChangeForm } from './PasswordChangeForm';
import { PreferencesDialog } from './PreferencesDialog';
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

export const SET_FILTER_PREFERENCES = 'Set filter preferences';

/** The account's filter preferences as badges, and the button that opens the preferences dialog. */
function FilterPreferencesSection({ user }: { user: User }) {
  const [opened, dialog] = useDisclosure(false);
  const current = userPreferences(user);
  return (
    <Stack gap="sm">
      <Title order={4}>Filter preferences</Title>
      <Group gap="xs" data-testid="current-preferences">
        {current.length === 0 ? (
          <Text size="sm" c="dimmed">
            No filter preferences set.
          </Text>
        ) : (
          current.map((preference) => (
            <Badge key={preference} variant="light">
              {preferenceLabel(preference)}
            </Badge>
          ))
        )}
      </Group>
      <Button variant="light" onClick={dialog.open} style={{ alignSelf: 'flex-start' }}>
        {SET_FILTER_PREFERENCES}
      </Button>
      <PreferencesDialog opened={opened} onClose={dialog.close} current={current} />
    </Stack>
  );
}

/** Shown while the account's address is unproven: says so, and mails a new link on request. */
function UnverifiedEmailNotice() {
  const resend = useResendVerificationMutation();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast(message || RESEND_VERIFICATION_SENT, 'success'),
      onError: (error) => {
        // A 401 already signs out and leaves the page; anything else says why (the limit, a verified address).
        if (isApiError(error) && error.status === 401) return;
        const told = isApiError(error) && error.status > 0 && error.status < 500;
        toast(told ? error.message : RESEND_VERIFICATION_FAILED, 'error');
      },
    });
  return (
    <Stack gap="xs" data-testid="email-not-verified">
      <Text size="sm" c="orange">
        {EMAIL_NOT_VERIFIED}
      </Text>
      <Button variant="light" onClick={send} loading={resend.isPending} style={{ alignSelf: 'flex-start' }}>
        {RESEND_VERIFICATION}
      </Button>
    </Stack>
  );
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
          askPassword
          current={user}
          validate={validateEmail}
          beforeSave={() => confirmDialog({ title: EMAIL_CHANGE_TITLE, description: EMAIL_CHANGE_WARNING })}
        />
        {!user.email_verified && <UnverifiedEmailNotice />}
      </Stack>
      <Divider />
      <FilterPreferencesSection user={user} />
      <Divider />
      <ExpiryEmailSection verified={user.email_verified} />
      <Divider />
      <CalendarFeedSection />
      <Divider />
      <PasswordChangeForm />
    </Stack>
  );
}
