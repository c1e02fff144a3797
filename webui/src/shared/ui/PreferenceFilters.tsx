import { Checkbox, Stack } from '@mantine/core';

/** The five filter preferences of an account (spec part 1 §9), in the server's order. */
export const FILTER_PREFERENCES = [
  { value: 'vegetarian', label: 'Vegetarian' },
  { value: 'vegan', label: 'Vegan' },
  { value: 'gluten_free', label: 'Gluten free' },
  { value: 'sugar_free', label: 'Sugar free' },
  { value: 'dairy_free', label: 'Dairy free' },
] as const;

export type FilterPreference = (typeof FILTER_PREFERENCES)[number]['value'];

const IDS: readonly string[] = FILTER_PREFERENCES.map((preference) => preference.value);

export function isFilterPreference(value: unknown): value is FilterPreference {
  return typeof value === 'string' && IDS.includes(value);
}

/** The known preferences stored on a user object (`preferences: string[]`), in canonical order. */
export function userPreferences(user: unknown): FilterPreference[] {
  const raw = user && typeof user === 'object' ? (user as { preferences?: unknown }).preferences : undefined;
  const list = Array.isArray(raw) ? raw.filter(isFilterPreference) : [];
  return FILTER_PREFERENCES.map((p) => p.value).filter((id) => list.includes(id));
}

/** Human label of a preference id ('gluten_free' → 'Gluten free'). */
export function preferenceLabel(value: FilterPreference): string {
  return FILTER_PREFERENCES.find((p) => p.value === value)?.label ?? value;
}

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
