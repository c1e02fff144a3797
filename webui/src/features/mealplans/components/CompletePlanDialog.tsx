import { Button, Checkbox, Divider, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type CompletePlanResult, isApiError, type MealPlan } from '@/shared/api';
import { Dialog, FormAlert, toast } from '@/shared/ui';
import { useCompletePlan, useIngredientCheck } from '../api/mealPlans';
import { canComplete, completePayload, entryKey, planEntries, shortLabel, stockFor, usedLabel } from '../lib/complete';
import { stockLabel } from '../lib/ingredients';
import { FIRST_DAY, LAST_DAY } from '../lib/limits';
import { scheduleError } from '../lib/plans';
import { PLAN_TEXTS } from '../lib/texts';

export const COMPLETED_TEXT = 'Meal Plan Completed.';

/**
 * The complete mealplan dialog (part 2 §2, §4 'Complete mealplan'): the plan's recipes with
 * checkboxes, the stock they could use (ticked items are used, else newest first), the options
 * 'Adjust and Remove Ingredients' (on), 'Reschedule Plan' (with its new start date) and the
 * disabled diary option; 'complete' stays disabled until a recipe is ticked. Afterwards it shows
 * what was used and what was short.
 */
export function CompletePlanDialog({ plan, opened, onClose }: { plan: MealPlan; opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title={PLAN_TEXTS.completeTitle} centered size="lg">
      {opened && <CompleteBody plan={plan} onClose={onClose} />}
    </Dialog>
  );
}

const toggled = <T,>(set: ReadonlySet<T>, value: T): Set<T> => {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
};

function CompleteBody({ plan, onClose }: { plan: MealPlan; onClose: () => void }) {
  const complete = useCompletePlan(plan.user_mealplan_id);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [adjust, setAdjust] = useState(true);
  const [reschedule, setReschedule] = useState(false);
  const [start, setStart] = useState('');
  const [useItems, setUseItems] = useState<ReadonlySet<number>>(new Set());
  const [result, setResult] = useState<CompletePlanResult | null>(null);
  const check = useIngredientCheck(plan.user_mealplan_id, adjust && ticked.size > 0);

  if (result) return <CompleteResult result={result} onClose={onClose} />;

  const entries = planEntries(plan);
  const choices = { ticked, adjust, reschedule, start, useItems };
  const stock = adjust ? stockFor(check.data, ticked) : [];
  // The re-dated plan must keep every day between FIRST_DAY and LAST_DAY, as the server requires.
  const startProblem = reschedule ? scheduleError(start, plan.days) : null;
  const error = isApiError(complete.error) && complete.error.status !== 401 ? (complete.error.firstFieldError() ?? complete.error.message) : null;

  const submit = () =>
    complete.mutate(completePayload(plan, choices), {
      onSuccess: (answer) => {
        toast(COMPLETED_TEXT, 'success');
        if (reschedule) toast(PLAN_TEXTS.rescheduled, 'success');
        setResult(answer);
      },
    });

  return (
    <Stack gap="sm">
      {entries.length === 0 ? (
        <Text c="dimmed">No recipes in this plan yet.</Text>
      ) : (
        <Stack gap={6} role="group" aria-label="recipes">
          {entries.map(({ ref, entry }) => (
            <Checkbox
              key={entryKey(ref)}
              label={entry.name}
              description={PLAN_TEXTS.day(ref.day + 1)}
              checked={ticked.has(entryKey(ref))}
              onChange={() => setTicked((keys) => toggled(keys, entryKey(ref)))}
              styles={{ label: { overflowWrap: 'anywhere' } }}
            />
          ))}
        </Stack>
      )}
      {stock.length > 0 && (
        <Stack gap={6} role="group" aria-label="stock to use">
          <Text size="sm" fw={600}>
            stock to use
          </Text>
          <Text size="xs" c="dimmed">
            Tick the items to take from; with none ticked the newest stock is used first.
          </Text>
          {stock.map(({ ingredient, stock: item }) => (
            <Checkbox
              key={item.item_id}
              label={`${ingredient} - ${stockLabel(item)}`}
              checked={useItems.has(item.item_id)}
              onChange={() => setUseItems((ids) => toggled(ids, item.item_id))}
              styles={{ label: { overflowWrap: 'anywhere' } }}
            />
          ))}
        </Stack>
      )}
      <Divider />
      <Checkbox label={PLAN_TEXTS.adjust} checked={adjust} onChange={(event) => setAdjust(event.currentTarget.checked)} />
      <Checkbox
        label={PLAN_TEXTS.reschedule}
        checked={reschedule}
        onChange={(event) => setReschedule(event.currentTarget.checked)}
      />
      {reschedule && (
        <TextInput
          type="date"
          label="new start date"
          value={start}
          min={FIRST_DAY}
          max={LAST_DAY}
          onChange={(event) => setStart(event.currentTarget.value)}
          error={startProblem}
        />
      )}
      <Checkbox label={PLAN_TEXTS.diaryOption} checked={false} disabled onChange={() => undefined} />
      {error && !complete.isPending && <FormAlert>{error}</FormAlert>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          cancel
        </Button>
        <Button onClick={submit} disabled={!canComplete(choices) || startProblem !== null} loading={complete.isPending}>
          complete
        </Button>
      </Group>
    </Stack>
  );
}

function CompleteResult({ result, onClose }: { result: CompletePlanResult; onClose: () => void }) {
  return (
    <Stack gap="sm">
      <Title order={4}>{COMPLETED_TEXT}</Title>
      <Text fw={600}>used from your stores</Text>
      {result.used.length === 0 ? (
        <Text c="dimmed">nothing</Text>
      ) : (
        <List aria-label="used" size="sm">
          {result.used.map((used) => (
            <List.Item key={used.item_id}>{usedLabel(used)}</List.Item>
          ))}
        </List>
      )}
      {result.shortfall.length > 0 && (
        <>
          <Text fw={600}>not in your stores</Text>
          <List aria-label="short" size="sm">
            {result.shortfall.map((short) => (
              <List.Item key={`${short.name}-${short.unit}-${short.reason}`}>{shortLabel(short)}</List.Item>
            ))}
          </List>
        </>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>close</Button>
      </Group>
    </Stack>
  );
}
