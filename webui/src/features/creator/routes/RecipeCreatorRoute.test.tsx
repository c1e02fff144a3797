import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { browserCodec } from '../lib/image';
import { CLEAN_CHECK, creatorBackend, storeTestDraft, validDraft } from '../testData';

beforeEach(() => notifications.clean());

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type User = ReturnType<typeof renderApp>['user'];

const heading = (name: string) => screen.findByRole('heading', { name, level: 2 });
const button = (name: string) => screen.getByRole('button', { name });
/** Back / Next / Submit of the wizard (the header has its own 'Back'). */
const nav = (name: string) => within(screen.getByRole('group', { name: 'wizard navigation' })).getByRole('button', { name });

function openCreator(path = '/recipe-creator') {
  signIn();
  return renderApp(path);
}

async function fillBasics(user: User, name = 'Lentil soup', description = 'A warming soup.') {
  await fill(user, await screen.findByRole('textbox', { name: 'Name' }), name);
  await fill(user, screen.getByRole('textbox', { name: 'Description' }), description);
}

async function addStep(user: User, title: string, description: string) {
  await user.click(button('Add step'));
  const dialog = await screen.findByRole('dialog');
  await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), title);
  await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), description);
  await user.click(within(dialog).getByRole('button', { name: 'Save step' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

function storedDraft(): Record<string, unknown> | null {
  const raw = window.localStorage.getItem('draft_recipe');
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

describe('/recipe-creator wizard', () => {
  it('walks through the five sub-routes with their titles; Back is disabled on step 1', async () => {
    creatorBackend();
    const { user, router } = openCreator();
    expect(await heading('Basic Details')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator');
    expect(nav('Back')).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'wizard navigation' })).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    await fillBasics(user);
    await user.click(nav('Next'));
    expect(await heading('Add Ingredients')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator/ingredients');
    expect(nav('Back')).toBeEnabled();
    await user.click(await screen.findByRole('button', { name: 'Red lentils' }));

    await user.click(nav('Next'));
    expect(await heading('Configure Ingredients')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator/configure');

    await user.click(nav('Next'));
    expect(await heading('Add Steps')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator/steps');
    await addStep(user, 'Simmer', 'Simmer until soft.');

    await user.click(nav('Next'));
    expect(await heading('Review and Save')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator/complete');
    expect(within(screen.getByRole('group', { name: 'wizard navigation' })).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(nav('Submit')).toBeEnabled();

    await user.click(nav('Back'));
    expect(await heading('Add Steps')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator/steps');
    // The stepper goes back to any earlier step.
    await user.click(screen.getByRole('button', { name: /Basic Details/ }));
    expect(await heading('Basic Details')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Lentil soup');
  });

  it('an unknown sub-route goes back to the base path', async () => {
    creatorBackend();
    const { router } = openCreator('/recipe-creator/nowhere');
    expect(await heading('Basic Details')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator');
  });

  it('pre-fills the name from ?name=', async () => {
    creatorBackend();
    openCreator('/recipe-creator?name=Grandma%27s%20stew');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue("Grandma's stew");
  });

  it('step 1 stays until name and description are given, with the spec messages', async () => {
    creatorBackend();
    const { user, router } = openCreator();
    await heading('Basic Details');
    expect(screen.queryByText('Recipe name is required')).not.toBeInTheDocument();
    await user.click(nav('Next'));
    expect(await screen.findByText('Recipe name is required')).toBeInTheDocument();
    expect(screen.getByText('Recipe description is required')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator');
    expect(screen.getByRole('textbox', { name: 'Serves' })).toHaveValue('1');

    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Soup');
    expect(screen.queryByText('Recipe name is required')).not.toBeInTheDocument();
    await user.click(nav('Next'));
    expect(currentPath(router)).toBe('/recipe-creator');
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Hot.');
    await user.click(nav('Next'));
    expect(await heading('Add Ingredients')).toBeInTheDocument();
  });

  it('a skipped step cannot be jumped over with the stepper', async () => {
    creatorBackend();
    const { user, router } = openCreator();
    await heading('Basic Details');
    await user.click(screen.getByRole('button', { name: /Review and Save/ }));
    expect(await screen.findByText('Recipe name is required')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator');
  });

  it('offers the categories from /api/form-options/categories', async () => {
    creatorBackend();
    const { user } = openCreator();
    const select = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Soups' })).toBeInTheDocument());
    await user.selectOptions(select, 'Soups');
    expect(select).toHaveValue('4');
  });

  it("says 'This name is already taken.' 500 ms after the last keystroke", async () => {
    const calls = creatorBackend({
      check: (body) => ({ ...CLEAN_CHECK, name_taken: body.name?.toLowerCase() === 'lentil soup' }),
    });
    openCreator();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(name, { target: { value: 'Lentil' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(name, { target: { value: 'Lentil soup' } });
    act(() => vi.advanceTimersByTime(499));
    expect(calls.validate).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(await screen.findByText('This name is already taken.')).toBeInTheDocument();
    expect(calls.validate).toEqual([{ name: 'Lentil soup', user_recipe_id: null }]);

    fireEvent.change(name, { target: { value: 'Lentil soup two' } });
    expect(screen.queryByText('This name is already taken.')).not.toBeInTheDocument();
  });
});

describe('/recipe-creator ingredients', () => {
  it('filters from 3 characters (case-insensitive containment); empty resets; adding again increments', async () => {
    creatorBackend();
    storeTestDraft(validDraft({ ingredients: [], steps: [] }));
    const { user } = openCreator('/recipe-creator/ingredients');
    const options = await screen.findByRole('list', { name: 'ingredient options' });
    expect(within(options).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Onion',
      'Red lentils',
      'Spring onion',
      'Vegetable stock',
    ]);
    const search = screen.getByRole('textbox', { name: 'search ingredients' });
    await fill(user, search, 'ON');
    expect(within(options).getAllByRole('button')).toHaveLength(4);
    await fill(user, search, 'ONI');
    expect(within(options).getAllByRole('button').map((b) => b.textContent)).toEqual(['Onion', 'Spring onion']);
    expect(screen.queryByRole('button', { name: /custom ingredient/ })).not.toBeInTheDocument();

    await user.click(within(options).getByRole('button', { name: 'Onion' }));
    await user.click(within(options).getByRole('button', { name: 'Onion' }));
    await user.click(within(options).getByRole('button', { name: 'Spring onion' }));
    const chosen = screen.getByRole('list', { name: 'recipe ingredients' });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['x2Onion', 'x1Spring onion']);

    await user.clear(search);
    expect(within(screen.getByRole('list', { name: 'ingredient options' })).getAllByRole('button')).toHaveLength(4);

    await user.click(within(chosen).getByRole('button', { name: 'remove Onion' }));
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['x1Spring onion']);
  });

  it('offers a custom ingredient only when nothing matches; it gets quantity 1 and increments', async () => {
    creatorBackend();
    storeTestDraft(validDraft({ ingredients: [], steps: [] }));
    const { user } = openCreator('/recipe-creator/ingredients');
    await screen.findByRole('list', { name: 'ingredient options' });
    const search = screen.getByRole('textbox', { name: 'search ingredients' });
    await fill(user, search, 'stock');
    expect(screen.queryByRole('button', { name: /custom ingredient/ })).not.toBeInTheDocument();
    await fill(user, search, 'Quince');
    expect(screen.queryByRole('list', { name: 'ingredient options' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "add custom ingredient 'Quince'" }));
    expect(search).toHaveValue('');
    await fill(user, search, 'quince');
    await user.click(screen.getByRole('button', { name: "add custom ingredient 'quince'" }));
    const chosen = screen.getByRole('list', { name: 'recipe ingredients' });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['x2Quincecustom']);
  });

  it("needs one ingredient: 'At least one ingredient is required'", async () => {
    creatorBackend();
    storeTestDraft(validDraft({ ingredients: [], steps: [] }));
    const { user, router } = openCreator('/recipe-creator/ingredients');
    await heading('Add Ingredients');
    await user.click(nav('Next'));
    expect(await screen.findByText('At least one ingredient is required')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator/ingredients');
  });

  it('configures quantity, measurement (defaulting to the default unit) and treatment', async () => {
    creatorBackend();
    storeTestDraft(validDraft({ ingredients: [], steps: [] }));
    const { user } = openCreator('/recipe-creator/ingredients');
    const options = await screen.findByRole('list', { name: 'ingredient options' });
    await user.click(within(options).getByRole('button', { name: 'Vegetable stock' }));
    await user.click(nav('Next'));
    await heading('Configure Ingredients');
    const group = screen.getByRole('group', { name: 'Vegetable stock' });
    const quantity = within(group).getByRole('textbox', { name: 'quantity' });
    const measurement = within(group).getByRole('combobox', { name: 'measurement' });
    const treatment = within(group).getByRole('combobox', { name: 'treatment' });
    expect(quantity).toHaveValue('1');
    expect(measurement).toHaveValue('ml');
    expect(within(measurement).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'unit(s)', 'kg', 'g', 'mg', 'l', 'ml', 'cup(s)', 'rasher(s)', 'tsp', 'tbsp',
    ]);
    expect(within(treatment).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'none', 'whole', 'crushed', 'powdered', 'muddled', 'diced', 'peeled', 'sliced', 'cooked', 'melted', 'boiled', 'grated',
    ]);
    await fill(user, quantity, '500');
    await user.selectOptions(measurement, 'l');
    await user.selectOptions(treatment, 'boiled');
    await user.click(nav('Next'));
    await heading('Add Steps');
    expect((storedDraft()?.ingredients as unknown[])[0]).toMatchObject({
      value: 14,
      quantity: 500,
      measurement: 'l',
      treatment: 'boiled',
    });
  });
});

describe('/recipe-creator steps', () => {
  it("the step dialog has the tabs 'required' and 'additional' and the spec messages", async () => {
    creatorBackend();
    storeTestDraft(validDraft({ steps: [] }));
    const { user, router } = openCreator('/recipe-creator/steps');
    await heading('Add Steps');
    await user.click(nav('Next'));
    expect(await screen.findByText('At least one step is required')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator/steps');

    await user.click(button('Add step'));
    const dialog = await screen.findByRole('dialog', { name: 'Add step 1' });
    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['required', 'additional']);
    await user.click(within(dialog).getByRole('button', { name: 'Save step' }));
    expect(await within(dialog).findByText('Step 1 title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Step 1 description is required')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Chop');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Chop the onion.');
    await user.click(within(dialog).getByRole('button', { name: 'Save step' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'step 1' })).toHaveTextContent('1. Chop');
    await user.click(nav('Next'));
    expect(await heading('Review and Save')).toBeInTheDocument();
  });

  it('combines the timer fields as HH:MM:SS; non-digits are refused, at most 2 characters', async () => {
    creatorBackend();
    storeTestDraft(validDraft({ steps: [] }));
    const { user } = openCreator('/recipe-creator/steps');
    await user.click(await screen.findByRole('button', { name: 'Add step' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Simmer');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Simmer gently.');
    await user.click(within(dialog).getByRole('tab', { name: 'additional' }));
    const hours = await within(dialog).findByRole('textbox', { name: 'hours' });
    const minutes = within(dialog).getByRole('textbox', { name: 'minutes' });
    const seconds = within(dialog).getByRole('textbox', { name: 'seconds' });
    await user.type(hours, 'a1x');
    expect(hours).toHaveValue('1');
    fireEvent.change(minutes, { target: { value: '123' } });
    expect(minutes).toHaveValue('');
    expect(minutes).toHaveAttribute('maxLength', '2');
    await user.type(minutes, '5');
    await user.type(seconds, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save step' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'step 1' })).toHaveTextContent('01:05:00');
    expect((storedDraft()?.steps as { timer: string }[])[0]?.timer).toBe('01:05:00');

    // Edit it again: the fields come back; 75 minutes is refused.
    await user.click(screen.getByRole('button', { name: 'edit Simmer' }));
    const again = await screen.findByRole('dialog', { name: 'Edit step 1' });
    await user.click(within(again).getByRole('tab', { name: 'additional' }));
    const editMinutes = await within(again).findByRole('textbox', { name: 'minutes' });
    expect(editMinutes).toHaveValue('05');
    await fill(user, editMinutes, '75');
    await user.click(within(again).getByRole('button', { name: 'Save step' }));
    expect(await within(again).findByText('Minutes and seconds go up to 59.')).toBeInTheDocument();
  });
});

describe('/recipe-creator draft', () => {
  it('is stored under draft_recipe only above step 1, and restored on return', async () => {
    creatorBackend();
    const first = openCreator();
    await fillBasics(first.user, 'Pea soup', 'Green.');
    expect(storedDraft()).toBeNull();
    await first.user.click(nav('Next'));
    await heading('Add Ingredients');
    expect(storedDraft()).toMatchObject({ name: 'Pea soup', description: 'Green.', serves: 1, owner_id: 1 });
    await first.user.click(await screen.findByRole('button', { name: 'Onion' }));
    expect(storedDraft()?.ingredients).toEqual([expect.objectContaining({ value: 11, quantity: 1 })]);
    first.unmount();

    const second = renderApp('/recipe-creator');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Pea soup');
    expect(screen.getByText('Your unsaved draft was restored.')).toBeInTheDocument();
    await second.user.click(nav('Next'));
    const chosen = await screen.findByRole('list', { name: 'recipe ingredients' });
    expect(chosen).toHaveTextContent('Onion');

    await second.user.click(button('Start over'));
    expect(storedDraft()).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it("another user's draft is not restored", async () => {
    creatorBackend();
    storeTestDraft(validDraft(), 99);
    openCreator();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});

describe('/recipe-creator review and save', () => {
  it('Submit is enabled only when there are no validation errors', async () => {
    creatorBackend();
    storeTestDraft(
      validDraft({ steps: [{ id: 's', title: '', description: '', timer: null, step_image: null }] }),
    );
    const { user } = openCreator('/recipe-creator/complete');
    await heading('Review and Save');
    expect(nav('Submit')).toBeDisabled();
    const alert = screen.getByRole('alert', { name: 'Before saving' });
    expect(alert).toHaveTextContent('Step 1 title is required');
    expect(alert).toHaveTextContent('Step 1 description is required');

    await user.click(screen.getByRole('button', { name: /Add Steps/ }));
    await user.click(await screen.findByRole('button', { name: 'edit step 1' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Boil');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Boil it.');
    await user.click(within(dialog).getByRole('button', { name: 'Save step' }));
    await user.click(nav('Next'));
    await heading('Review and Save');
    expect(nav('Submit')).toBeEnabled();
  });

  it("creates with POST /user-recipe-creator, toasts 'Recipe created', clears the draft and opens the recipe", async () => {
    const calls = creatorBackend();
    storeTestDraft(validDraft());
    const { user, router } = openCreator('/recipe-creator/complete');
    await heading('Review and Save');
    expect(screen.getByText(/published recipe makes it private again until an administrator re-approves it, and any previous publish request will be cancelled/)).toBeInTheDocument();
    await user.click(nav('Submit'));
    expect(await screen.findByText('Recipe created')).toBeInTheDocument();
    expect(calls.create).toEqual([
      {
        category_id: 4,
        name: 'Lentil soup',
        description: 'A warming soup.',
        serves: 4,
        image: null,
        published: false,
        user_recipe_id: null,
        ingredients: [
          { value: 12, name: 'Red lentils', quantity: 200, measurement: 'g', treatment: null, image: null, default_unit: 'g' },
          { value: 11, name: 'Onion', quantity: 1, measurement: 'unit(s)', treatment: 'diced', image: null, default_unit: 'unit(s)' },
        ],
        steps: [
          { id: 'step-a', title: 'Soften', description: 'Soften the onion.', timer: '00:05:00', step_image: null },
          { id: 'step-b', title: 'Simmer', description: 'Simmer with the lentils.', timer: null, step_image: null },
        ],
      },
    ]);
    expect(calls.publish).toEqual([]);
    expect(storedDraft()).toBeNull();
    await waitFor(() => expect(currentPath(router)).toBe('/user-recipes/7'));
    expect(storedDraft()).toBeNull();
  });

  it("with the publish tick: shows the publish check, sends a publish request and says 'In Review'", async () => {
    const calls = creatorBackend();
    storeTestDraft(validDraft());
    const { user, router } = openCreator('/recipe-creator/complete');
    await user.click(await screen.findByRole('checkbox', { name: 'Publish this recipe' }));
    expect(await screen.findByText(/Ready to publish/)).toBeInTheDocument();
    expect(calls.validate.at(-1)).toMatchObject({ name: 'Lentil soup', published: true });
    await user.click(nav('Submit'));
    expect(await screen.findByText('In Review')).toBeInTheDocument();
    expect(screen.getByText('Recipe created')).toBeInTheDocument();
    expect(calls.create[0]?.published).toBe(true);
    expect(calls.publish).toEqual([{ entity_id: 7, entity_type: 'UserRecipe' }]);
    await waitFor(() => expect(currentPath(router)).toBe('/user-recipes/7'));
  });

  it('shows the publish-check messages with the contact link', async () => {
    creatorBackend({
      check: () => ({ ...CLEAN_CHECK, banned_words: ['darn'], custom_ingredients: ['Quince'], name_taken: true }),
    });
    storeTestDraft(validDraft());
    const { user } = openCreator('/recipe-creator/complete');
    await user.click(await screen.findByRole('checkbox', { name: 'Publish this recipe' }));
    const check = await screen.findByRole('alert', { name: 'This recipe cannot be published yet' });
    expect(check).toHaveTextContent('Contains banned words or symbols: darn');
    expect(check).toHaveTextContent('This Recipe Cannot be published as it as unknown ingredients.');
    expect(check).toHaveTextContent('Unknown: Quince');
    expect(check).toHaveTextContent('This name is already taken.');
    expect(within(check).getByRole('link', { name: 'contact' })).toHaveAttribute('href', '/contact');
    // Saving privately stays possible.
    expect(nav('Submit')).toBeEnabled();
  });

  it('a refused publish request (409) shows the server error text with the contact link and stays', async () => {
    const error = 'This Recipe Cannot be published as it as unknown ingredients.';
    const calls = creatorBackend({
      publish: (body) =>
        HttpResponse.json(
          { message: error, error, request: { id: 91, entity_id: (body as { entity_id: number }).entity_id, status: 'rejected', error } },
          { status: 409 },
        ),
    });
    storeTestDraft(validDraft({ published: true }));
    const { user, router } = openCreator('/recipe-creator/complete');
    await heading('Review and Save');
    await user.click(nav('Submit'));
    const panel = await screen.findByRole('alert', { name: 'Saved, but not published' });
    expect(panel).toHaveTextContent(error);
    expect(within(panel).getByRole('link', { name: 'contact' })).toHaveAttribute('href', '/contact');
    expect(within(panel).getByRole('link', { name: 'View the recipe' })).toHaveAttribute('href', '/user-recipes/7');
    expect(screen.getByText('Recipe created')).toBeInTheDocument();
    expect(screen.queryByText('In Review')).not.toBeInTheDocument();
    expect(calls.publish).toHaveLength(1);
    // Saved once: no second create.
    expect(nav('Submit')).toBeDisabled();
    expect(currentPath(router)).toBe('/recipe-creator/complete');
  });

  it("a refused create says 'Error creating recipe' and lists the server messages; a crash the unknown error", async () => {
    let status = 422;
    creatorBackend({
      create: () =>
        status === 422
          ? HttpResponse.json(
              { message: 'Validation failed', errors: { 'steps.0': ['The timer must be HH:MM:SS.'] } },
              { status: 422 },
            )
          : HttpResponse.json({ message: 'boom' }, { status: 500 }),
    });
    storeTestDraft(validDraft());
    const { user, router } = openCreator('/recipe-creator/complete');
    await heading('Review and Save');
    await user.click(nav('Submit'));
    expect(await screen.findByText('Error creating recipe')).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Before saving' })).toHaveTextContent('The timer must be HH:MM:SS.');
    expect(storedDraft()).not.toBeNull();

    status = 500;
    await user.click(screen.getByRole('checkbox', { name: 'Publish this recipe' }));
    await user.click(nav('Submit'));
    expect(await screen.findByText('Unknown Error, Contact Administrator.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-creator/complete');
  });
});

describe('/recipe-creator image', () => {
  async function chooseImage(file: File) {
    const input = await screen.findByLabelText('choose recipe image');
    fireEvent.change(input, { target: { files: [file] } });
  }

  it("refuses a non-image ('only image files are allowed.') and a result still over 2MB ('file size must be under 2MB.')", async () => {
    const calls = creatorBackend();
    vi.spyOn(browserCodec, 'decode').mockResolvedValue({ source: {} as CanvasImageSource, width: 4000, height: 3000 });
    vi.spyOn(browserCodec, 'encode').mockResolvedValue(
      new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/jpeg' }),
    );
    openCreator();
    await chooseImage(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('only image files are allowed.')).toBeInTheDocument();
    await chooseImage(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('file size must be under 2MB.')).toBeInTheDocument();
    expect(calls.uploads).toEqual([]);
  });

  it('processes and uploads a 3MB phone photo instead of refusing it', async () => {
    const calls = creatorBackend();
    vi.spyOn(browserCodec, 'decode').mockResolvedValue({ source: {} as CanvasImageSource, width: 4032, height: 3024 });
    const encode = vi
      .spyOn(browserCodec, 'encode')
      .mockResolvedValue(new Blob([new Uint8Array(600_000)], { type: 'image/jpeg' }));
    openCreator();
    await chooseImage(new File([new Uint8Array(3 * 1024 * 1024)], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'recipe image preview' })).toHaveAttribute('src', '/uploads/abc123.jpg');
    expect(encode).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ sw: 4032 }), 0.9);
    expect(calls.uploads).toHaveLength(1);
    expect(screen.queryByText('file size must be under 2MB.')).not.toBeInTheDocument();
  });

  it('uploads the processed JPEG (multipart file) and previews /uploads/{name}', async () => {
    const calls = creatorBackend();
    const jpeg = new Blob([new Uint8Array(1234)], { type: 'image/jpeg' });
    const decode = vi.spyOn(browserCodec, 'decode').mockResolvedValue({
      source: {} as CanvasImageSource,
      width: 3000,
      height: 2000,
    });
    const encode = vi.spyOn(browserCodec, 'encode').mockResolvedValue(jpeg);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    openCreator();
    await chooseImage(new File([new Uint8Array(5000)], 'photo.png', { type: 'image/png' }));
    const preview = await screen.findByRole('img', { name: 'recipe image preview' });
    expect(preview).toHaveAttribute('src', '/uploads/abc123.jpg');
    expect(decode).toHaveBeenCalled();
    expect(encode).toHaveBeenCalledWith(expect.anything(), { sx: 0, sy: 156, sw: 3000, sh: 1688 }, 0.9);
    expect(calls.uploads).toHaveLength(1);
    // jsdom's Blob does not survive Node's fetch intact, so the sent form is read where it leaves the app.
    const upload = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/api/pwa/uploads'));
    expect(upload?.[1]?.method).toBe('POST');
    expect(upload?.[1]?.headers).toMatchObject({ Authorization: 'Bearer test-token' });
    const sent = (upload?.[1]?.body as FormData).get('file') as File;
    expect([sent.name, sent.type, sent.size]).toEqual(['image.jpg', 'image/jpeg', 1234]);
  });

  it("shows the server's refusal of an upload", async () => {
    creatorBackend({
      upload: () => HttpResponse.json({ message: 'failed to process image.' }, { status: 422 }),
    });
    vi.spyOn(browserCodec, 'decode').mockResolvedValue({ source: {} as CanvasImageSource, width: 16, height: 9 });
    vi.spyOn(browserCodec, 'encode').mockResolvedValue(new Blob(['x'], { type: 'image/jpeg' }));
    openCreator();
    await chooseImage(new File(['png'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText('failed to process image.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'recipe image preview' })).not.toBeInTheDocument();
  });
});
