import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isEmail } from '@/shared/lib/validation';
import type { User } from '@/shared/session';
import { confirmDialog, preferenceLabel, userPreferences } from '@/shared/ui';
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
        {!user.email_verified && (
          <Text size="sm" c="orange">
            Your email address is not verified yet: check your inbox for the verification link.
          </Text>
        )}
      </Stack>
      <Divider />
      <FilterPreferencesSection user={user} />
      <Divider />
      <PasswordChangeForm />
    </Stack>
  );
}
