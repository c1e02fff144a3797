import { Group, Input, TextInput } from '@mantine/core';
import { acceptsTimerField, TIMER_FIELD_MAX, type TimerFields as Fields } from '../lib/timer';

const PARTS: { key: keyof Fields; label: string; placeholder: string }[] = [
  { key: 'hours', label: 'hours', placeholder: 'HH' },
  { key: 'minutes', label: 'minutes', placeholder: 'MM' },
  { key: 'seconds', label: 'seconds', placeholder: 'SS' },
];

/** The step timer as three two-digit fields (digits only; anything else is refused). */
export function TimerFields({
  value,
  onChange,
  error,
}: {
  value: Fields;
  onChange: (value: Fields) => void;
  error?: string | null;
}) {
  return (
    <Input.Wrapper label="timer" description="hours, minutes and seconds (optional)" error={error}>
      <Group gap="xs" mt={4} wrap="nowrap" role="group" aria-label="timer">
        {PARTS.map((part, index) => (
          <Group key={part.key} gap="xs" wrap="nowrap">
            {index > 0 && <span aria-hidden>:</span>}
            <TextInput
              aria-label={part.label}
              placeholder={part.placeholder}
              inputMode="numeric"
              maxLength={TIMER_FIELD_MAX}
              w={56}
              value={value[part.key]}
              error={Boolean(error)}
              onChange={(event) => {
                const next = event.currentTarget.value;
                if (acceptsTimerField(next)) onChange({ ...value, [part.key]: next });
              }}
            />
          </Group>
        ))}
      </Group>
    </Input.Wrapper>
  );
}
