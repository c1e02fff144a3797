import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatDay, localDay } from '@/shared/lib/dates';
import { copyText } from '@/shared/lib/clipboard';
import { COPIED_LINK_TEXT } from '@/shared/recipe';
import { confirmDialog, toast } from '@/shared/ui';
import { useCalendarFeed, useNewCalendarLinkMutation, useTurnOffCalendarFeedMutation } from '../api/calendarFeed';

export const CALENDAR_FEED_TEXTS = {
  title: 'Calendar feed',
  about:
    'Subscribe to this secret address in your calendar app (Google Calendar, Apple Calendar, Outlook) ' +
    'to see every planned meal on its day. Anyone with the address can see your meal plans.',
  none: 'No calendar feed yet.',
  address: 'Calendar address',
  made: (day: string) => `Link made on ${day}`,
  create: 'create link',
  copy: 'copy link',
  renew: 'new link',
  off: 'turn off',
  copyFailed: 'Could not copy the link: select it and copy it by hand.',
  renewTitle: 'Make a new link?',
  renewWarning:
    'The current link stops working at once: calendars subscribed to it stop updating until you ' +
    'subscribe them to the new one.',
  offTitle: 'Turn off the calendar feed?',
  offWarning: 'The link stops working at once and calendars subscribed to it stop updating.',
  created: 'Calendar link created',
  renewed: 'New calendar link made',
  turnedOff: 'Calendar feed turned off',
  failed: 'Could not change the calendar feed. Please try again.',
} as const;

/** The secret calendar address of the member's planned meals: shown, copied, renewed or turned off. */
export function CalendarFeedSection() {
  const { data: feed } = useCalendarFeed();
  const renew = useNewCalendarLinkMutation();
  const turnOff = useTurnOffCalendarFeedMutation();
  const busy = !feed || renew.isPending || turnOff.isPending;
  const url = feed?.url ?? null;
  const made = feed?.created_at ? CALENDAR_FEED_TEXTS.made(formatDay(localDay(new Date(feed.created_at)))) : null;

  const makeLink = async () => {
    if (url) {
      const confirmed = await confirmDialog({
        title: CALENDAR_FEED_TEXTS.renewTitle,
        description: CALENDAR_FEED_TEXTS.renewWarning,
      });
      if (!confirmed) return;
    }
    renew.mutate(undefined, {
      onSuccess: () => toast(url ? CALENDAR_FEED_TEXTS.renewed : CALENDAR_FEED_TEXTS.created, 'success'),
      onError: () => toast(CALENDAR_FEED_TEXTS.failed, 'error'),
    });
  };
  const stop = async () => {
    const confirmed = await confirmDialog({
      title: CALENDAR_FEED_TEXTS.offTitle,
      description: CALENDAR_FEED_TEXTS.offWarning,
      danger: true,
    });
    if (!confirmed) return;
    turnOff.mutate(undefined, {
      onSuccess: () => toast(CALENDAR_FEED_TEXTS.turnedOff, 'success'),
      onError: () => toast(CALENDAR_FEED_TEXTS.failed, 'error'),
    });
  };
  const copy = (address: string) =>
    copyText(address).then(
      () => toast(COPIED_LINK_TEXT, 'success'),
      () => toast(CALENDAR_FEED_TEXTS.copyFailed, 'error'),
    );

  return (
    <Stack gap="sm" data-testid="calendar-feed">
      <Title order={4}>{CALENDAR_FEED_TEXTS.title}</Title>
      <Text size="sm" c="dimmed">
        {CALENDAR_FEED_TEXTS.about}
      </Text>
      {url ? (
        <>
          <TextInput
            label={CALENDAR_FEED_TEXTS.address}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            description={made}
          />
          <Group gap="sm">
            <Button variant="light" onClick={() => void copy(url)}>
              {CALENDAR_FEED_TEXTS.copy}
            </Button>
            <Button variant="default" onClick={() => void makeLink()} disabled={busy} loading={renew.isPending}>
              {CALENDAR_FEED_TEXTS.renew}
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => void stop()}
              disabled={busy}
              loading={turnOff.isPending}
            >
              {CALENDAR_FEED_TEXTS.off}
            </Button>
          </Group>
        </>
      ) : (
        <>
          {feed && (
            <Text size="sm" data-testid="calendar-feed-none">
              {CALENDAR_FEED_TEXTS.none}
            </Text>
          )}
          <Button
            variant="light"
            onClick={() => void makeLink()}
            disabled={busy}
            loading={renew.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {CALENDAR_FEED_TEXTS.create}
          </Button>
        </>
      )}
    </Stack>
  );
}
