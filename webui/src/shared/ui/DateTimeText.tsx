import { Text, type TextProps } from '@mantine/core';

/** Dates display in en-GB style everywhere (spec part 2 §9): '27/11/2026, 16:54', in the reader's zone. */
const FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO timestamp as a local date and time, '27/11/2026, 16:54' ('' for a missing or unreadable one). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : FORMAT.format(date);
}

/** A `<time>` element showing `value` as its local date and time. */
export function DateTimeText({ value, ...props }: TextProps & { value: string | null | undefined }) {
  const text = formatDateTime(value);
  if (!text) return null;
  return (
    <Text component="time" dateTime={value ?? undefined} size="sm" c="dimmed" {...props}>
      {text}
    </Text>
  );
}
