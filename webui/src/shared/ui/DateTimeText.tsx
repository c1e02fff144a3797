import { Text, type TextProps } from '@mantine/core';

const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp as a readable local date and time ('' for a missing or unreadable one). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : FORMAT.format(date);
}

/** A `<time>` element showing `value` in the reader's locale. */
export function DateTimeText({ value, ...props }: TextProps & { value: string | null | undefined }) {
  const text = formatDateTime(value);
  if (!text) return null;
  return (
    <Text component="time" dateTime={value ?? undefined} size="sm" c="dimmed" {...props}>
      {text}
    </Text>
  );
}
