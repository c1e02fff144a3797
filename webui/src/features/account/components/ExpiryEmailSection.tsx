import { Group, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import type { ExpiryEmailSettings } from '@/shared/api';
import { toast } from '@/shared/ui';
import { useChangeExpiryEmailMutation, useExpiryEmailSettings } from '../api/expiryEmail';

export const EXPIRY_EMAIL_TITLE = 'Expiry e-mail';
export const EXPIRY_EMAIL_SWITCH = 'E-mail me once a day when food is about to expire';
export const EXPIRY_EMAIL_HOUR = 'Send it at';
export const EXPIRY_EMAIL_UNVERIFIED = 'It is sent only to a verified address: verify yours first.';
export const EXPIRY_EMAIL_SAVED = 'Expiry e-mail updated';
export const EXPIRY_EMAIL_FAILED = 'Could not save the expiry e-mail setting. Please try again.';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** Opt into the daily e-mail of items that expire in the next two days, at a chosen hour. */
export function ExpiryEmailSection({ verified }: { verified: boolean }) {
  const { data } = useExpiryEmailSettings();
  const change = useChangeExpiryEmailMutation();
  const save = (wanted: ExpiryEmailSettings) =>
    change.mutate(wanted, {
      onSuccess: () => toast(EXPIRY_EMAIL_SAVED, 'success'),
      onError: () => toast(EXPIRY_EMAIL_FAILED, 'error'),
    });
  const settings = data ?? { expiry_email: false, expiry_email_hour: 8 };
  return (
    <Stack gap="sm" data-testid="expiry-email">
      <Title order={4}>{EXPIRY_EMAIL_TITLE}</Title>
      <Switch
        label={EXPIRY_EMAIL_SWITCH}
        checked={settings.expiry_email}
        disabled={!data || change.isPending}
        onChange={(event) => save({ ...settings, expiry_email: event.currentTarget.checked })}
      />
      {settings.expiry_email && (
        <Group gap="sm">
          <NativeSelect
            label={EXPIRY_EMAIL_HOUR}
            data={HOURS}
            value={String(settings.expiry_email_hour)}
            disabled={change.isPending}
            onChange={(event) => save({ ...settings, expiry_email_hour: Number(event.currentTarget.value) })}
            w={120}
          />
        </Group>
      )}
      {settings.expiry_email && !verified && (
        <Text size="sm" c="orange">
          {EXPIRY_EMAIL_UNVERIFIED}
        </Text>
      )}
    </Stack>
  );
}
