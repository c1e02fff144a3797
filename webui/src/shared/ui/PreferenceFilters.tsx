import { Checkbox, Stack } from '@mantine/core';
import { FILTER_PREFERENCES, type FilterPreference } from '@/shared/lib/preferences';

// The preference ids and labels live in shared/lib/preferences (no React); re-exported for the UI.
export {
  FILTER_PREFERENCES,
  isFilterPreference,
  preferenceLabel,
  userPreferences,
  type FilterPreference,
} from '@/shared/lib/preferences';

export interface PreferenceFiltersProps {
  value: FilterPreference[];
  onChange: (value: FilterPreference[]) => void;
  disabled?: boolean;
  /** Accessible name of the group. */
  label?: string;
  description?: string;
}

/** One checkbox per filter preference; shows the labels, hands back the ids in canonical order. */
export function PreferenceFilters({
  value,
  onChange,
  disabled = false,
  label = 'Filter preferences',
  description,
}: PreferenceFiltersProps) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={value}
      onChange={(next) => onChange(FILTER_PREFERENCES.map((p) => p.value).filter((id) => next.includes(id)))}
    >
      <Stack gap="xs" mt="xs">
        {FILTER_PREFERENCES.map((preference) => (
          <Checkbox key={preference.value} value={preference.value} label={preference.label} disabled={disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
