import { Button, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { isApiError } from '@/shared/api';
import { FormAlert } from '@/shared/ui';
import { FIRST_DAY, LAST_DAY } from '../lib/limits';
import { MAX_DAYS, type PlanDraft, draftDays, draftValid, endError, nameError, spanError } from '../lib/plans';

/**
 * The fields of a new plan (part 2 §2 'Create-a-mealplan dialog', §5): a name of letters, digits
 * and spaces; a start and an end date (the end no earlier than the start, the start no later than
 * the end, an end required once a start is set) or, without dates, a number of days (disabled once
 * any date is set, and then showing end - start + 1). `create` is enabled only when all of it passes.
 * What a plan may hold is shown where it is chosen: at most MAX_DAYS days, dated from FIRST_DAY to
 * LAST_DAY (the server refuses anything else with the same message).
 */
export function PlanForm({
  draft,
  onDraft,
  onCancel,
  onSubmit,
  pending,
  error,
}: {
  draft: PlanDraft;
  onDraft: (draft: PlanDraft) => void;
  onCancel?: () => void;
  onSubmit: () => void;
  pending: boolean;
  error: unknown;
}) {
  const set = (patch: Partial<PlanDraft>) => onDraft({ ...draft, ...patch });
  const dated = draft.start !== '' || draft.end !== '';
  const days = draftDays(draft);
  const valid = draftValid(draft);
  const span = spanError(draft);
  const serverError = isApiError(error) ? (error.firstFieldError() ?? error.message) : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !pending) onSubmit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="name"
          value={draft.name}
          required
          maxLength={100}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={nameError(draft.name)}
          data-autofocus
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            type="date"
            label="start date"
            value={draft.start}
            min={FIRST_DAY}
            max={draft.end || LAST_DAY}
            onChange={(event) => set({ start: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="end date"
            value={draft.end}
            min={draft.start || FIRST_DAY}
            max={LAST_DAY}
            onChange={(event) => set({ end: event.currentTarget.value })}
            error={endError(draft) ?? (dated ? span : null)}
          />
        </SimpleGrid>
        <NumberInput
          label="number of days"
          value={dated ? (days ?? '') : draft.days}
          min={1}
          max={MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          disabled={dated}
          onChange={(value) => set({ days: value })}
          description={`at most ${MAX_DAYS}`}
          error={dated ? null : span}
        />
        {serverError && !pending && <FormAlert>{serverError}</FormAlert>}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              cancel
            </Button>
          )}
          <Button type="submit" disabled={!valid} loading={pending}>
            create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
