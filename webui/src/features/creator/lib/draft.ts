import { STORAGE_KEYS } from '@/shared/lib/storageKeys';
import type { DraftIngredientIn, UserRecipeIn } from '@/shared/api';
import type { CreatorRecipe, IngredientOption } from '../api/types';
import { DEFAULT_UNIT, isTreatment, isUnit } from './options';

/** An ingredient of the wizard's draft (spec part 1 §3, Draft ingredient). */
export interface DraftIngredient {
  /** A catalogue ingredient id, or 'custom-<name>' for an ingredient the catalogue does not have. */
  value: number | string;
  name: string;
  image: string | null;
  /** As typed (a number input may hold '' while being edited). */
  quantity: number | string;
  measurement: string | null;
  treatment: string | null;
  default_unit: string | null;
}

/** A step of the draft (spec part 1 §3, Draft step). */
export interface DraftStep {
  id: string;
  title: string;
  description: string;
  /** HH:MM:SS or null. */
  timer: string | null;
  step_image: string | null;
}

/** The wizard's recipe draft (spec part 1 §3, Recipe draft). */
export interface RecipeDraft {
  category_id: number | null;
  name: string;
  description: string;
  serves: number | string;
  image: string | null;
  published: boolean;
  user_recipe_id: number | null;
  ingredients: DraftIngredient[];
  steps: DraftStep[];
}

export const SERVES_DEFAULT = 1;
export const SERVES_MAX = 1000;
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const QUANTITY_MAX = 100000;
export const CUSTOM_PREFIX = 'custom-';

export function emptyDraft(overrides: Partial<RecipeDraft> = {}): RecipeDraft {
  return {
    category_id: null,
    name: '',
    description: '',
    serves: SERVES_DEFAULT,
    image: null,
    published: false,
    user_recipe_id: null,
    ingredients: [],
    steps: [],
    ...overrides,
  };
}

// -- validation (spec §4 'Wizard validity', §5 'Recipe') ---------------------------------------

export const MESSAGES = {
  name: 'Recipe name is required',
  description: 'Recipe description is required',
  ingredients: 'At least one ingredient is required',
  steps: 'At least one step is required',
  stepTitle: (n: number) => `Step ${n} title is required`,
  stepDescription: (n: number) => `Step ${n} description is required`,
  serves: `Serves must be a whole number from 1 to ${SERVES_MAX}`,
  quantity: (name: string) => `The quantity of ${name} must be more than 0`,
  nameTaken: 'This name is already taken.',
} as const;

export interface StepFieldErrors {
  title?: string;
  description?: string;
}

export interface DraftErrors {
  name?: string;
  description?: string;
  serves?: string;
  ingredients?: string;
  /** By ingredient key (see ingredientKey). */
  quantities: Record<string, string>;
  steps?: string;
  /** One entry per step, same order. */
  stepFields: StepFieldErrors[];
  /** Every message, in the order of the wizard. */
  messages: string[];
}

export function ingredientKey(item: { value: number | string }): string {
  return String(item.value);
}

function validQuantity(quantity: number | string): boolean {
  const value = typeof quantity === 'number' ? quantity : Number(quantity);
  return quantity !== '' && Number.isFinite(value) && value > 0 && value <= QUANTITY_MAX;
}

function validServes(serves: number | string): boolean {
  const value = typeof serves === 'number' ? serves : Number(serves);
  return serves !== '' && Number.isInteger(value) && value >= 1 && value <= SERVES_MAX;
}

export function validateStep(step: Pick<DraftStep, 'title' | 'description'>, number: number): StepFieldErrors {
  const errors: StepFieldErrors = {};
  if (!step.title.trim()) errors.title = MESSAGES.stepTitle(number);
  if (!step.description.trim()) errors.description = MESSAGES.stepDescription(number);
  return errors;
}

export function validateDraft(draft: RecipeDraft): DraftErrors {
  const errors: DraftErrors = { quantities: {}, stepFields: [], messages: [] };
  if (!draft.name.trim()) errors.name = MESSAGES.name;
  if (!draft.description.trim()) errors.description = MESSAGES.description;
  if (!validServes(draft.serves)) errors.serves = MESSAGES.serves;
  if (draft.ingredients.length === 0) errors.ingredients = MESSAGES.ingredients;
  for (const item of draft.ingredients) {
    if (!validQuantity(item.quantity)) errors.quantities[ingredientKey(item)] = MESSAGES.quantity(item.name);
  }
  if (draft.steps.length === 0) errors.steps = MESSAGES.steps;
  errors.stepFields = draft.steps.map((step, index) => validateStep(step, index + 1));

  const messages = [errors.name, errors.description, errors.serves, errors.ingredients];
  messages.push(...Object.values(errors.quantities), errors.steps);
  for (const step of errors.stepFields) messages.push(step.title, step.description);
  errors.messages = messages.filter((message): message is string => Boolean(message));
  return errors;
}

/**
 * Whether wizard step `index` (0-based) is valid: step 1 needs name and description (and a sensible
 * serves), steps 2 and 3 at least one ingredient (3 also sensible quantities), steps 4 and 5
 * everything.
 */
export function isStepValid(index: number, errors: DraftErrors): boolean {
  switch (index) {
    case 0:
      return !errors.name && !errors.description && !errors.serves;
    case 1:
      return !errors.ingredients;
    case 2:
      return !errors.ingredients && Object.keys(errors.quantities).length === 0;
    default:
      return errors.messages.length === 0;
  }
}

// -- ingredients (spec §4 'Ingredient add') -----------------------------------------------------

function toNumber(quantity: number | string): number {
  const value = typeof quantity === 'number' ? quantity : Number(quantity);
  return Number.isFinite(value) ? value : 0;
}

function addOrIncrement(list: DraftIngredient[], item: DraftIngredient): DraftIngredient[] {
  const key = ingredientKey(item);
  if (list.some((existing) => ingredientKey(existing) === key)) {
    return list.map((existing) =>
      ingredientKey(existing) === key ? { ...existing, quantity: toNumber(existing.quantity) + 1 } : existing,
    );
  }
  return [...list, item];
}

/** Adds a catalogue ingredient with quantity 1 and its default unit; adding it again adds 1. */
export function addIngredient(list: DraftIngredient[], option: IngredientOption): DraftIngredient[] {
  return addOrIncrement(list, {
    value: option.value,
    name: option.name,
    image: option.image ?? null,
    quantity: 1,
    measurement: isUnit(option.default_unit) ? option.default_unit : DEFAULT_UNIT,
    treatment: null,
    default_unit: option.default_unit ?? null,
  });
}

/** The longest ingredient name, and `value` text, the server takes. */
export const INGREDIENT_NAME_MAX = 100;

/** A custom ingredient's value: 'custom-' and its name, cut to what the server takes (whole characters). */
export function customValue(name: string): string {
  return Array.from(`${CUSTOM_PREFIX}${name.trim().toLowerCase()}`)
    .slice(0, INGREDIENT_NAME_MAX)
    .join('');
}

export function isCustom(item: { value: number | string | null }): boolean {
  return typeof item.value !== 'number' && !/^\d+$/.test(String(item.value ?? ''));
}

/** Adds an ingredient the catalogue does not have (quantity 1, unit(s)); again adds 1. */
export function addCustomIngredient(list: DraftIngredient[], name: string): DraftIngredient[] {
  const trimmed = name.trim();
  return addOrIncrement(list, {
    value: customValue(trimmed),
    name: trimmed,
    image: null,
    quantity: 1,
    measurement: DEFAULT_UNIT,
    treatment: null,
    default_unit: null,
  });
}

// -- steps ----------------------------------------------------------------------------------------

export function newStepId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return `step-${random}`;
}

// -- wire conversions -----------------------------------------------------------------------------

/** The request body of a draft (create, update and validate). */
export function toPayload(draft: RecipeDraft): UserRecipeIn {
  return {
    category_id: draft.category_id,
    name: draft.name.trim(),
    description: draft.description.trim(),
    serves: validServes(draft.serves) ? Number(draft.serves) : SERVES_DEFAULT,
    image: draft.image,
    published: draft.published,
    user_recipe_id: draft.user_recipe_id,
    ingredients: draft.ingredients.map(
      (item): DraftIngredientIn => ({
        value: item.value,
        name: item.name,
        quantity: toNumber(item.quantity),
        measurement: item.measurement,
        treatment: item.treatment,
        image: item.image,
        default_unit: item.default_unit,
      }),
    ),
    steps: draft.steps.map((step) => ({
      id: step.id,
      title: step.title.trim(),
      description: step.description.trim(),
      timer: step.timer,
      step_image: step.step_image,
    })),
  };
}

/** The draft of an own recipe loaded for editing. */
export function fromUserRecipe(recipe: CreatorRecipe): RecipeDraft {
  const pending = recipe.request?.status === 'pending';
  return {
    category_id: recipe.category_id ?? null,
    name: recipe.name ?? '',
    description: recipe.description ?? '',
    serves: recipe.serves || SERVES_DEFAULT,
    image: recipe.image ?? null,
    // A recipe that was public (or waiting to be) is asked to be published again by default.
    published: Boolean(recipe.published || pending),
    user_recipe_id: recipe.user_recipe_id,
    ingredients: (recipe.ingredients ?? []).map((item) => ({
      value: item.value ?? customValue(item.name),
      name: item.name,
      image: item.image ?? null,
      quantity: item.quantity,
      measurement: item.measurement ?? (isUnit(item.default_unit) ? item.default_unit : DEFAULT_UNIT),
      treatment: item.treatment ?? null,
      default_unit: item.default_unit ?? null,
    })),
    steps: [...(recipe.steps ?? [])]
      .sort((a, b) => a.step_order - b.step_order)
      .map((step) => ({
        id: step.id || newStepId(),
        title: step.title ?? '',
        description: step.description ?? '',
        timer: step.timer ?? null,
        step_image: step.step_image ?? null,
      })),
  };
}

// -- the stored draft (localStorage draft_recipe) -------------------------------------------------

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const numOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function readIngredient(value: unknown): DraftIngredient | null {
  if (!value || typeof value !== 'object') return null;
  const item = value as Record<string, unknown>;
  const name = str(item.name).trim();
  if (!name) return null;
  const id = typeof item.value === 'number' || (typeof item.value === 'string' && item.value) ? item.value : null;
  return {
    value: id ?? customValue(name),
    name,
    image: strOrNull(item.image),
    quantity: typeof item.quantity === 'number' || typeof item.quantity === 'string' ? item.quantity : 1,
    measurement: isUnit(item.measurement) ? item.measurement : DEFAULT_UNIT,
    treatment: isTreatment(item.treatment) ? item.treatment : null,
    default_unit: strOrNull(item.default_unit),
  };
}

function readStep(value: unknown): DraftStep | null {
  if (!value || typeof value !== 'object') return null;
  const step = value as Record<string, unknown>;
  return {
    id: str(step.id) || newStepId(),
    title: str(step.title),
    description: str(step.description),
    timer: strOrNull(step.timer),
    step_image: strOrNull(step.step_image),
  };
}

/** A draft read back from storage (anything unreadable is dropped); null when it is not a draft. */
export function readDraft(value: unknown): RecipeDraft | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const serves = raw.serves;
  return {
    category_id: numOrNull(raw.category_id),
    name: str(raw.name),
    description: str(raw.description),
    serves: typeof serves === 'number' || typeof serves === 'string' ? serves : SERVES_DEFAULT,
    image: strOrNull(raw.image) ?? strOrNull(raw.recipe_image),
    published: raw.published === true,
    user_recipe_id: numOrNull(raw.user_recipe_id),
    ingredients: (Array.isArray(raw.ingredients) ? raw.ingredients : [])
      .map(readIngredient)
      .filter((item): item is DraftIngredient => item !== null),
    steps: (Array.isArray(raw.steps) ? raw.steps : [])
      .map(readStep)
      .filter((step): step is DraftStep => step !== null),
  };
}

/**
 * The draft stored under `draft_recipe`, if it belongs to the signed-in user (`ownerId`) and to
 * the same recipe (`userRecipeId`: null for a new one).
 */
export function loadStoredDraft(ownerId: number | null, userRecipeId: number | null): RecipeDraft | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.draftRecipe);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    const draft = readDraft(value);
    if (!draft || draft.user_recipe_id !== userRecipeId) return null;
    const owner = (value as Record<string, unknown>).owner_id;
    if (owner !== undefined && owner !== null && owner !== ownerId) return null;
    return draft;
  } catch {
    return null;
  }
}

export function storeDraft(draft: RecipeDraft, ownerId: number | null): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.draftRecipe, JSON.stringify({ ...draft, owner_id: ownerId }));
  } catch (error) {
    console.error('Storing the recipe draft failed', error);
  }
}

export function clearStoredDraft(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.draftRecipe);
  } catch {
    // nothing stored then
  }
}
