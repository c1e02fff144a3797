import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { StoreKind } from '@/shared/api';
import { STORE_KINDS } from '../lib/stores';

const KIND_OPTIONS = STORE_KINDS.map((value) => ({ value, label: value }));

/** 'kept in': where a store keeps its food (pantry, fridge, freezer), which decides how long it keeps. */
export function StoreKindPicker({
  value,
  onChange,
  disabled,
  fullWidth,
}: {
  value: StoreKind;
  onChange: (kind: StoreKind) => void;
  disabled?: boolean;
  fullWidth?: boolean;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        kept in
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(kind) => onChange(kind as StoreKind)}
        data={KIND_OPTIONS}
        disabled={disabled}
        fullWidth={fullWidth}
      />
    </Stack>
  );
}
