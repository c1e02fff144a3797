import { Button, Group, List, Stack, Stepper, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { isApiError, useSavePreferencesMutation } from '@/shared/api';
import { useSession } from '@/shared/session';
import { Dialog, type FilterPreference, FormAlert, PreferenceFilters, toast, userPreferences } from '@/shared/ui';

/** The six steps of the tour, numbered 0 to 5 (spec part 2, Onboarding). */
export const TOUR_STEPS = [
  'Welcome',
  'Basic preferences',
  'Discover recipes',
  'Time to shop',
  'Thank you',
  'Coming next',
] as const;
export const LAST_STEP = TOUR_STEPS.length - 1;

export const TOUR_TITLE = 'Getting started';
const UNKNOWN_ERROR = 'Unknown Error, Contact Administrator.';

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

function StepHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={3} size="h4">
      {children}
    </Title>
  );
}

export interface TourDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The onboarding tour: a dialog of six steps with Back / Continue (Done on the last) / Close and a step indicator. */
export function TourDialog({ opened, onClose }: TourDialogProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={TOUR_TITLE}
      size="lg"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
    >
      {/* Mounted afresh each time the dialog opens, so the tour starts at step 0. */}
      {opened && <Tour onClose={onClose} />}
    </Dialog>
  );
}

function Tour({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const [active, setActive] = useState(0);
  const saved = userPreferences(user);
  const [preferences, setPreferences] = useState<FilterPreference[]>(saved);
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useSavePreferencesMutation();

  const goTo = (step: number) => {
    setSaveError(null);
    setActive(Math.max(0, Math.min(LAST_STEP, step)));
  };

  const onContinue = () => {
    if (active === 1 && !sameSet(preferences, saved)) {
      setSaveError(null);
      save.mutate(preferences, {
        onSuccess: ({ message }) => {
          toast(message || 'Preferences saved.', 'success');
          goTo(2);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return;
          setSaveError(isApiError(error) ? (error.firstFieldError() ?? error.message) : UNKNOWN_ERROR);
        },
      });
      return;
    }
    goTo(active + 1);
  };

  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        onStepClick={goTo}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={28}
        wrap={false}
        styles={{ separator: { marginInline: 4 } }}
      >
        {TOUR_STEPS.map((label, index) => (
          <Stepper.Step
            key={label}
            aria-label={`Step ${index + 1}: ${label}${index < active ? ' (done)' : ''}`}
            aria-current={index === active ? 'step' : undefined}
          >
            <Stack gap="sm" pt="sm" data-testid={`tour-step-${index}`}>
              {index === 0 && (
                <>
                  <StepHeading>Welcome to Larder!</StepHeading>
                  <Text>
                    Larder keeps your household&apos;s recipes, meal plans, shopping lists and pantry in one place.
                    Would you like a quick look around? It only takes a minute.
                  </Text>
                  <Group gap="sm">
                    <Button onClick={() => goTo(1)}>Show me how this works</Button>
                    <Button variant="default" onClick={onClose}>
                      I can figure it out myself
                    </Button>
                  </Group>
                </>
              )}
              {index === 1 && (
                <>
                  <StepHeading>Your basic preferences</StepHeading>
                  <Text>
                    Tell us how you eat and we&apos;ll use it to filter recipes for you. Pick as many as you like, or
                    none; you can change them any time in your account settings.
                  </Text>
                  <PreferenceFilters
                    value={preferences}
                    onChange={setPreferences}
                    disabled={save.isPending}
                    label="I'm looking for recipes that are"
                  />
                  <FormAlert>{saveError}</FormAlert>
                </>
              )}
              {index === 2 && (
                <>
                  <StepHeading>Discover recipes</StepHeading>
                  <Text>
                    Browse the catalogue under <b>discover</b>. Every recipe shows dietary badges and allergen
                    warnings, and your preferences help narrow the list down.
                  </Text>
                  <Text>
                    Tap the heart to keep a recipe in your cookbook, write your own, or import one from another
                    website by pasting its link.
                  </Text>
                </>
              )}
              {index === 3 && (
                <>
                  <StepHeading>Time to shop</StepHeading>
                  <Text>
                    Plan your meals for the week, check them against what is already in your pantry and send the
                    missing ingredients to a shopping list. Tick things off in the shop, then move what you bought
                    straight into your food stores.
                  </Text>
                  <Text c="dimmed" size="sm">
                    This part is still a work in progress, so expect it to keep getting better.
                  </Text>
                </>
              )}
              {index === 4 && (
                <>
                  <StepHeading>Thank you!</StepHeading>
                  <Text>
                    Thanks for cooking with Larder while it is in beta. If something looks wrong or you have an
                    idea, send a bug report or a message from the contact page; it really helps.
                  </Text>
                </>
              )}
              {index === 5 && (
                <>
                  <StepHeading>Coming next</StepHeading>
                  <Text>A few things we are working on:</Text>
                  <List spacing="xs">
                    <List.Item>
                      <b>Brand accounts</b>: follow your favourite brands and get their meal plans, recipes and
                      ingredients shared with you.
                    </List.Item>
                    <List.Item>
                      <b>Budget tracking</b>: see what your meals and shopping cost.
                    </List.Item>
                    <List.Item>
                      <b>Food diary</b>: keep track of what you actually ate.
                    </List.Item>
                  </List>
                  <Text>That&apos;s it. Happy cooking!</Text>
                </>
              )}
            </Stack>
          </Stepper.Step>
        ))}
      </Stepper>

      <Group justify="space-between">
        <Button variant="subtle" color="gray" onClick={onClose}>
          Close
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={() => goTo(active - 1)} disabled={active === 0 || save.isPending}>
            Back
          </Button>
          {active === LAST_STEP ? (
            <Button onClick={onClose}>Done</Button>
          ) : (
            <Button onClick={onContinue} loading={save.isPending}>
              Continue
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
