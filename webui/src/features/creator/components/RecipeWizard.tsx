import { Alert, Anchor, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError, usePublishRecipe } from '@/shared/api';
import { useSession } from '@/shared/session';
import { toast } from '@/shared/ui';
import {
  publishErrorText,
  useNameTaken,
  usePublishCheck,
  useSaveRecipeMutation,
} from '../api/creator';
import {
  addCustomIngredient,
  addIngredient,
  clearStoredDraft,
  ingredientKey,
  isStepValid,
  MESSAGES,
  storeDraft,
  toPayload,
  validateDraft,
  type DraftIngredient,
  type RecipeDraft,
} from '../lib/draft';
import { BasicDetailsStep, type BasicField } from './BasicDetailsStep';
import { ConfigureStep } from './ConfigureStep';
import { IngredientsStep } from './IngredientsStep';
import { ContactLink, ReviewStep } from './ReviewStep';
import { StepsStep } from './StepsStep';

/** The five steps: sub-route (below the base path) and title (spec part 1 §2.12). */
export const WIZARD_STEPS = [
  { path: '', title: 'Basic Details' },
  { path: 'ingredients', title: 'Add Ingredients' },
  { path: 'configure', title: 'Configure Ingredients' },
  { path: 'steps', title: 'Add Steps' },
  { path: 'complete', title: 'Review and Save' },
] as const;

export const NAME_CHECK_DELAY_MS = 500;
export const REDIRECT_DELAY_MS = 500;

export const TEXTS = {
  created: 'Recipe created',
  updated: 'Recipe updated',
  inReview: 'In Review',
  createFailed: 'Error creating recipe',
  updateFailed: 'Error updating recipe',
  unknown: 'Unknown Error, Contact Administrator.',
  publishRejected: 'The request to publish was rejected',
} as const;

export interface RecipeWizardProps {
  mode: 'create' | 'edit';
  /** '/recipe-creator' or '/recipe-edit/{id}'. */
  basePath: string;
  initialDraft: RecipeDraft;
  /** The draft came back from storage (offers to start over). */
  restored: boolean;
  onStartOver: () => void;
}

function stepPath(basePath: string, index: number): string {
  const path = WIZARD_STEPS[index]?.path ?? '';
  return path ? `${basePath}/${path}` : basePath;
}

/** The five-step recipe creator and editor (spec part 1 §2.12, §4 'Wizard validity'). */
export function RecipeWizard({ mode, basePath, initialDraft, restored, onStartOver }: RecipeWizardProps) {
  const navigate = useNavigate();
  const params = useParams();
  const { user } = useSession();
  const ownerId = user?.id ?? null;
  const narrow = useMediaQuery('(max-width: 36em)');

  const sub = (params['*'] ?? '').replace(/\/+$/, '');
  const active = WIZARD_STEPS.findIndex((step) => step.path === sub);

  const [draft, setDraft] = useState<RecipeDraft>(initialDraft);
  const [touched, setTouched] = useState<Set<BasicField>>(() => new Set());
  const [attempted, setAttempted] = useState<Set<number>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [savedId, setSavedId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const redirectTimer = useRef<number | null>(null);

  const save = useSaveRecipeMutation();
  const publish = usePublishRecipe();
  const errors = useMemo(() => validateDraft(draft), [draft]);
  const payload = useMemo(() => toPayload(draft), [draft]);

  // The draft is kept under draft_recipe whenever the step is above 1 (once changed, until saved).
  useEffect(() => {
    if (active > 0 && savedId === null && draft !== initialDraft) storeDraft(draft, ownerId);
  }, [draft, initialDraft, active, savedId, ownerId]);

  useEffect(
    () => () => {
      if (redirectTimer.current !== null) window.clearTimeout(redirectTimer.current);
    },
    [],
  );

  // Name uniqueness, 500 ms after the last keystroke.
  const trimmedName = draft.name.trim();
  const [checkedName] = useDebouncedValue(trimmedName, NAME_CHECK_DELAY_MS);
  const nameCheck = useNameTaken(checkedName, draft.user_recipe_id);
  const nameTaken = checkedName === trimmedName && nameCheck.data === true ? MESSAGES.nameTaken : null;

  const onReview = active === WIZARD_STEPS.length - 1;
  const publishCheck = usePublishCheck(payload, onReview && draft.published && savedId === null);

  if (active < 0) return <Navigate to={basePath} replace />;
  const last = onReview;
  const showErrors = attempted.has(active);
  const busy = save.isPending || publish.isPending;
  const saved = savedId !== null;

  const update = (patch: Partial<RecipeDraft>) => {
    setServerErrors([]);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const updateIngredients = (change: (list: DraftIngredient[]) => DraftIngredient[]) => {
    setServerErrors([]);
    setDraft((current) => ({ ...current, ingredients: change(current.ingredients) }));
  };

  const goTo = (index: number) => {
    navigate(stepPath(basePath, index));
    window.scrollTo({ top: 0 });
  };
  const tryForward = (target: number) => {
    for (let index = active; index < target; index += 1) {
      if (!isStepValid(index, errors)) {
        setAttempted((current) => new Set(current).add(index));
        if (index !== active) goTo(index);
        return;
      }
    }
    goTo(target);
  };
  const onStepClick = (index: number) => {
    if (index <= active) goTo(index);
    else tryForward(index);
  };

  const failSave = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return;
    if (isApiError(error) && error.status >= 400 && error.status < 500) {
      toast(mode === 'create' ? TEXTS.createFailed : TEXTS.updateFailed, 'error');
      const messages = Object.values(error.errors).flat();
      setServerErrors(messages.length > 0 ? messages : [error.message]);
      return;
    }
    toast(TEXTS.unknown, 'error');
  };

  const submit = async () => {
    if (errors.messages.length > 0 || busy || saved) return;
    setServerErrors([]);
    setRefusal(null);
    let recipeId: number;
    try {
      const recipe = await save.mutateAsync({ id: mode === 'edit' ? draft.user_recipe_id : null, payload });
      recipeId = recipe.user_recipe_id;
    } catch (error) {
      failSave(error);
      return;
    }
    clearStoredDraft();
    setSavedId(recipeId);
    toast(mode === 'create' ? TEXTS.created : TEXTS.updated, 'success');

    if (draft.published) {
      try {
        await publish.mutateAsync(recipeId);
        toast(TEXTS.inReview, 'success');
      } catch (error) {
        if (isApiError(error) && error.status === 401) return;
        let text: string = TEXTS.unknown;
        if (isApiError(error) && error.status === 409) text = publishErrorText(error) ?? TEXTS.publishRejected;
        else if (isApiError(error) && error.status >= 400 && error.status < 500) text = error.message;
        toast(text, 'error');
        setRefusal(text);
        return; // stay: the message and its contact link remain readable
      }
    }
    redirectTimer.current = window.setTimeout(() => {
      redirectTimer.current = null;
      navigate(`/user-recipes/${recipeId}`);
    }, REDIRECT_DELAY_MS);
  };

  const current = WIZARD_STEPS[active] ?? WIZARD_STEPS[0];

  return (
    <Stack gap="lg" maw={820} mx="auto" w="100%">
      <Title order={1} size="h3">
        {mode === 'create' ? 'Create a recipe' : 'Edit recipe'}
      </Title>

      <Stepper
        active={active}
        onStepClick={onStepClick}
        size="sm"
        iconSize={30}
        allowNextStepsSelect
        styles={narrow ? { stepBody: { display: 'none' } } : undefined}
      >
        {WIZARD_STEPS.map((step) => (
          <Stepper.Step key={step.path || 'base'} label={step.title} />
        ))}
      </Stepper>

      {restored && !saved && (
        <Alert variant="light" color="blue" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">Your unsaved draft was restored.</Text>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => {
                onStartOver();
                navigate(basePath);
              }}
            >
              Start over
            </Button>
          </Group>
        </Alert>
      )}

      <Title order={2} size="h4">
        {current.title}
      </Title>

      {active === 0 && (
        <BasicDetailsStep
          draft={draft}
          errors={errors}
          shown={(field) => touched.has(field) || showErrors}
          nameTaken={nameTaken}
          onChange={update}
          onTouch={(field) => setTouched((set) => (set.has(field) ? set : new Set(set).add(field)))}
        />
      )}
      {active === 1 && (
        <IngredientsStep
          ingredients={draft.ingredients}
          error={showErrors ? (errors.ingredients ?? null) : null}
          onAdd={(option) => updateIngredients((list) => addIngredient(list, option))}
          onAddCustom={(name) => updateIngredients((list) => addCustomIngredient(list, name))}
          onRemove={(item) =>
            updateIngredients((list) => list.filter((other) => ingredientKey(other) !== ingredientKey(item)))
          }
        />
      )}
      {active === 2 && (
        <ConfigureStep
          ingredients={draft.ingredients}
          errors={errors}
          showErrors={showErrors}
          onChange={(item, patch) =>
            updateIngredients((list) =>
              list.map((other) => (ingredientKey(other) === ingredientKey(item) ? { ...other, ...patch } : other)),
            )
          }
        />
      )}
      {active === 3 && (
        <StepsStep
          steps={draft.steps}
          errors={errors}
          showErrors={showErrors}
          onChange={(steps) => update({ steps })}
        />
      )}
      {last && (
        <ReviewStep
          draft={draft}
          errors={errors}
          serverErrors={serverErrors}
          check={{ result: publishCheck.data, loading: publishCheck.isFetching, failed: publishCheck.isError }}
          onPublishChange={(published) => update({ published })}
        />
      )}

      {refusal && savedId !== null && (
        <Alert color="red" variant="light" title="Saved, but not published" role="alert">
          <Stack gap="xs">
            <Text size="sm">{refusal}</Text>
            <ContactLink />
            <Anchor component={Link} to={`/user-recipes/${savedId}`} size="sm">
              View the recipe
            </Anchor>
          </Stack>
        </Alert>
      )}

      <Group justify="space-between" role="group" aria-label="wizard navigation">
        <Button variant="default" onClick={() => goTo(active - 1)} disabled={active === 0 || busy}>
          Back
        </Button>
        {last ? (
          <Button onClick={() => void submit()} disabled={errors.messages.length > 0 || saved} loading={busy}>
            Submit
          </Button>
        ) : (
          <Button onClick={() => tryForward(active + 1)}>Next</Button>
        )}
      </Group>
    </Stack>
  );
}
