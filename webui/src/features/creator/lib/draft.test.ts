import { describe, expect, it } from 'vitest';
import { storeTestDraft, validDraft } from '../testData';
import {
  addCustomIngredient,
  addIngredient,
  customValue,
  emptyDraft,
  fromUserRecipe,
  isStepValid,
  loadStoredDraft,
  MESSAGES,
  storeDraft,
  toPayload,
  validateDraft,
} from './draft';

const onion = { value: 11, name: 'Onion', image: null, category_id: 1, default_unit: 'unit(s)' };
const lentils = { value: 12, name: 'Red lentils', image: null, category_id: 2, default_unit: 'g' };

describe('draft validation (spec §4 Wizard validity, §5 Recipe)', () => {
  it('names every missing part with the spec messages, in wizard order', () => {
    expect(validateDraft(emptyDraft()).messages).toEqual([
      'Recipe name is required',
      'Recipe description is required',
      'At least one ingredient is required',
      'At least one step is required',
    ]);
    const draft = validDraft({
      steps: [
        { id: 'a', title: 'Fry', description: '', timer: null, step_image: null },
        { id: 'b', title: ' ', description: 'Serve.', timer: null, step_image: null },
      ],
    });
    expect(validateDraft(draft).messages).toEqual(['Step 1 description is required', 'Step 2 title is required']);
    expect(validateDraft(validDraft()).messages).toEqual([]);
  });

  it('step 1 needs name and description; steps 2 and 3 an ingredient; steps 4 and 5 everything', () => {
    const onlyBasics = validateDraft(emptyDraft({ name: 'Soup', description: 'Hot.' }));
    expect([0, 1, 2, 3, 4].map((step) => isStepValid(step, onlyBasics))).toEqual([true, false, false, false, false]);
    const noSteps = validateDraft(validDraft({ steps: [] }));
    expect([0, 1, 2, 3, 4].map((step) => isStepValid(step, noSteps))).toEqual([true, true, true, false, false]);
    const noName = validateDraft(validDraft({ name: '' }));
    expect([0, 1, 2, 3, 4].map((step) => isStepValid(step, noName))).toEqual([false, true, true, false, false]);
  });

  it('a quantity must be more than 0 and serves a whole number from 1', () => {
    const draft = validDraft();
    const zero = validateDraft({ ...draft, ingredients: draft.ingredients.map((item) => ({ ...item, quantity: '' })) });
    expect(zero.messages).toContain(MESSAGES.quantity('Red lentils'));
    expect(isStepValid(1, zero)).toBe(true);
    expect(isStepValid(2, zero)).toBe(false);
    expect(validateDraft({ ...draft, serves: 0 }).serves).toBe(MESSAGES.serves);
    expect(validateDraft({ ...draft, serves: '' }).serves).toBe(MESSAGES.serves);
  });
});

describe('ingredient add (spec §4)', () => {
  it('adds with quantity 1 and the default unit; adding again increments', () => {
    let list = addIngredient([], lentils);
    expect(list).toEqual([
      { value: 12, name: 'Red lentils', image: null, quantity: 1, measurement: 'g', treatment: null, default_unit: 'g' },
    ]);
    list = addIngredient(addIngredient(list, onion), lentils);
    expect(list.map((item) => [item.name, item.quantity])).toEqual([
      ['Red lentils', 2],
      ['Onion', 1],
    ]);
  });

  it('custom ingredients get unit(s) and a custom- value; the same name again increments', () => {
    let list = addCustomIngredient([], ' Dragon fruit ');
    list = addCustomIngredient(list, 'dragon fruit');
    expect(list).toEqual([
      {
        value: 'custom-dragon fruit',
        name: 'Dragon fruit',
        image: null,
        quantity: 2,
        measurement: 'unit(s)',
        treatment: null,
        default_unit: null,
      },
    ]);
  });

  it("a custom ingredient's value is at most 100 whole characters, as the server takes", () => {
    expect(customValue('a'.repeat(100))).toBe(`custom-${'a'.repeat(93)}`);
    expect(Array.from(customValue('🍅'.repeat(100)))).toHaveLength(100);
  });
});

describe('wire conversions', () => {
  it('sends numbers, trimmed texts and every draft field', () => {
    const payload = toPayload(validDraft({ name: ' Lentil soup ', serves: '4' }));
    expect(payload.name).toBe('Lentil soup');
    expect(payload.serves).toBe(4);
    expect(payload.ingredients[0]).toEqual({
      value: 12,
      name: 'Red lentils',
      quantity: 200,
      measurement: 'g',
      treatment: null,
      image: null,
      default_unit: 'g',
    });
    expect(payload.steps[0]).toEqual({
      id: 'step-a',
      title: 'Soften',
      description: 'Soften the onion.',
      timer: '00:05:00',
      step_image: null,
    });
  });

  it('loads an own recipe; custom ingredients keep a custom value; a pending request keeps the tick', () => {
    const draft = fromUserRecipe({
      user_recipe_id: 5,
      name: 'Pie',
      description: 'Flaky.',
      image: 'pie.jpg',
      serves: 6,
      category_id: 3,
      ingredients: [
        { value: null, name: 'Quince', quantity: 2, measurement: 'unit(s)', treatment: null, image: null, default_unit: 'unit(s)', custom: true },
      ],
      steps: [
        { id: 'x2', step_order: 2, title: 'Bake', description: 'Bake it.', timer: '00:40:00', step_image: null },
        { id: 'x1', step_order: 1, title: 'Roll', description: 'Roll it.', timer: null, step_image: null },
      ],
      published: false,
      recipe_id: null,
      request: {
        id: 1,
        entity_id: 5,
        entity_type: 'UserRecipe',
        status: 'pending',
        created_at: '',
        updated_at: '',
        error: null,
      },
    });
    expect(draft.ingredients[0]).toMatchObject({ value: 'custom-quince', measurement: 'unit(s)' });
    expect(draft.steps.map((step) => step.title)).toEqual(['Roll', 'Bake']);
    expect(draft.published).toBe(true);
    expect(draft.user_recipe_id).toBe(5);
  });
});

describe('stored draft (draft_recipe)', () => {
  it('round-trips; another user or another recipe does not get it', () => {
    storeDraft(validDraft(), 1);
    expect(loadStoredDraft(1, null)).toEqual(validDraft());
    expect(loadStoredDraft(2, null)).toBeNull();
    expect(loadStoredDraft(1, 9)).toBeNull();
    storeTestDraft(validDraft({ user_recipe_id: 9 }));
    expect(loadStoredDraft(1, 9)?.user_recipe_id).toBe(9);
  });

  it('ignores unreadable storage and drops broken parts', () => {
    window.localStorage.setItem('draft_recipe', '{nope');
    expect(loadStoredDraft(1, null)).toBeNull();
    window.localStorage.setItem(
      'draft_recipe',
      JSON.stringify({ name: 'X', ingredients: [null, { name: '' }, { name: 'Salt', value: 5, measurement: 'bucket' }], steps: 'no' }),
    );
    const draft = loadStoredDraft(1, null);
    expect(draft?.name).toBe('X');
    expect(draft?.serves).toBe(1);
    expect(draft?.ingredients).toEqual([
      { value: 5, name: 'Salt', image: null, quantity: 1, measurement: 'unit(s)', treatment: null, default_unit: null },
    ]);
    expect(draft?.steps).toEqual([]);
  });
});
