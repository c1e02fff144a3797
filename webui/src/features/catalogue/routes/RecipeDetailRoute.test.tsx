import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp, signIn } from '@/test/render';
import { makeSendList, makeSendPlan, serveSendTargets } from '@/test/sendTargets';
import { apiUrl, server } from '@/test/server';
import { makeDetail } from '../testData';

function recipe(detail = makeDetail()) {
  server.use(
    http.get(apiUrl('/recipes/4'), () => HttpResponse.json(detail)),
    http.get(apiUrl('/recipes/999'), () => HttpResponse.json({ message: 'Recipe not found' }, { status: 404 })),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/recipes/{id}', () => {
  it('shows serves, category, badges, the allergen warning, the ingredients panel and the steps in order', async () => {
    recipe();
    const { user } = renderApp('/recipes/4');
    expect(await screen.findByRole('heading', { name: 'Red lentil soup' })).toBeInTheDocument();
    expect(screen.getByText('Serves').parentElement).toHaveTextContent('Serves 4');
    expect(screen.getByText('Soups')).toBeInTheDocument();
    const badges = screen.getByLabelText('dietary tags');
    expect(within(badges).getAllByText(/.+/).map((b) => b.textContent)).toEqual(['Vegan', 'Vegetarian', 'Dairy free']);
    const warning = screen.getByText('Allergen warning').closest('[role="alert"]') as HTMLElement;
    expect(warning).toHaveTextContent('Contains: celery, mustard');
    const ingredients = screen.getByRole('list', { name: 'ingredients' });
    expect(within(ingredients).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '200 g Red lentils, rinsed',
      '1 onion, diced',
      '2 tsp Cumin',
    ]);
    const steps = screen.getByRole('list', { name: 'steps' });
    expect(within(steps).getAllByRole('heading').map((h) => h.textContent)).toEqual([
      '1. Soften the onion',
      '2. Simmer',
      '3. Serve',
    ]);
    const panel = screen.getByRole('button', { name: 'Ingredients' });
    expect(panel).toHaveAttribute('aria-expanded', 'true');
    await user.click(panel);
    expect(panel).toHaveAttribute('aria-expanded', 'false');
    // Visitors get no save button.
    expect(screen.queryByRole('button', { name: /save Red lentil soup/ })).not.toBeInTheDocument();
    // The keep-screen-on toggle is for signed-in users only (spec part 1 §4).
    expect(screen.queryByRole('switch', { name: 'keep screen on' })).not.toBeInTheDocument();
  });

  it("credits the household member who wrote it: 'by {author}'", async () => {
    recipe(makeDetail({ author: 'alice_cook' }));
    renderApp('/recipes/4');
    await screen.findByRole('heading', { name: 'Red lentil soup' });
    expect(screen.getByText('by alice_cook')).toBeInTheDocument();
  });

  it.each([null, undefined])('shows no author line when author is %s', async (author) => {
    recipe(makeDetail({ author }));
    renderApp('/recipes/4');
    await screen.findByRole('heading', { name: 'Red lentil soup' });
    expect(screen.queryByText(/^by /)).not.toBeInTheDocument();
  });

  it('has no allergen warning without the allergen tag', async () => {
    const detail = makeDetail();
    recipe({ ...detail, tags: { ...detail.tags, allergen: false } });
    renderApp('/recipes/4');
    await screen.findByRole('heading', { name: 'Red lentil soup' });
    expect(screen.queryByText('Allergen warning')).not.toBeInTheDocument();
  });

  it("says 'Recipe not found.' for an unknown recipe", async () => {
    recipe();
    renderApp('/recipes/999');
    expect(await screen.findByText('Recipe not found.')).toBeInTheDocument();
  });

  it('has a save button and the keep-screen-on toggle when signed in', async () => {
    signIn();
    recipe();
    const posted: unknown[] = [];
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])),
      http.post(apiUrl('/user-saved-recipes'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json([{ recipe_id: 4, name: 'Red lentil soup', image: null, category: null, description: '', serves: 4 }], {
          status: 201,
        });
      }),
    );
    const { user } = renderApp('/recipes/4');
    await user.click(await screen.findByRole('button', { name: 'save Red lentil soup' }));
    expect(await screen.findByRole('button', { name: 'unsave Red lentil soup' })).toHaveTextContent('Saved');
    expect(posted).toEqual([{ recipe_id: 4 }]);
    expect(screen.getByRole('switch', { name: 'keep screen on' })).not.toBeChecked();
  });

  it("has the options menu (the send entries disabled for a visitor) and toggles tutorial mode", async () => {
    recipe();
    const { user, router } = renderApp('/recipes/4');
    await screen.findByRole('heading', { name: 'Red lentil soup' });
    await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'send ingredients to list',
      'send recipe to mealplan',
      'print recipe',
      'tutorial mode',
      'copy ingredients',
      'copy link',
    ]);
    expect(items.slice(0, 3).every((item) => item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true')).toBe(true);
    await user.click(screen.getByRole('menuitem', { name: 'tutorial mode' }));
    await waitFor(() => expect(currentPath(router)).toBe('/recipes/4?cookmode=true'));
    expect(await screen.findByText('step 1 of 3 steps')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'exit tutorial' }));
    await waitFor(() => expect(currentPath(router)).toBe('/recipes/4'));
    expect(await screen.findByRole('list', { name: 'steps' })).toBeInTheDocument();
  });

  it("copies the ingredient names one per line and toasts 'Copied Ingredients to Clipboard'", async () => {
    recipe();
    const { user } = renderApp('/recipes/4');
    await screen.findByRole('heading', { name: 'Red lentil soup' });
    await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'copy ingredients' }));
    expect(await screen.findByText('Copied Ingredients to Clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('Red lentils\nOnion\nCumin');
  });

  it("copies the page address and toasts 'Copied Link to Clipboard'", async () => {
    recipe();
    const { user } = renderApp('/recipes/4');
    await screen.findByRole('heading', { name: 'Red lentil soup' });
    await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'copy link' }));
    expect(await screen.findByText('Copied Link to Clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });

  it('falls back to a hidden textarea and execCommand when navigator.clipboard is absent', async () => {
    recipe();
    const { user } = renderApp('/recipes/4');
    await screen.findByRole('heading', { name: 'Red lentil soup' });
    const copied: string[] = [];
    const execCommand = vi.fn((command: string) => {
      const area = document.activeElement as HTMLTextAreaElement;
      copied.push(`${command}:${area.value}`);
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'copy ingredients' }));
    expect(await screen.findByText('Copied Ingredients to Clipboard')).toBeInTheDocument();
    expect(copied).toEqual(['copy:Red lentils\nOnion\nCumin']);
    expect(document.querySelector('textarea[aria-hidden="true"]')).toBeNull();
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else Reflect.deleteProperty(navigator, 'clipboard');
  });
});

describe('/recipes/{id}: sending, signed in', () => {
  async function openOption(user: ReturnType<typeof renderApp>['user'], name: string) {
    await screen.findByRole('heading', { name: 'Red lentil soup' });
    await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
    await user.click(await screen.findByRole('menuitem', { name }));
    return screen.findByRole('dialog', { name });
  }

  function signedInRecipe(detail = makeDetail()) {
    signIn();
    recipe(detail);
    server.use(http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])));
  }

  it('sends the ticked ingredients to a list: catalogue ingredients by id, with amount and unit', async () => {
    signedInRecipe();
    const sent = serveSendTargets({ lists: [makeSendList(5, { name: 'Weekly shop' })] });
    const { user } = renderApp('/recipes/4');
    const dialog = await openOption(user, 'send ingredients to list');
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('li')?.textContent)).toEqual([
      '200 g Red lentils, rinsed',
      '1 onion, diced',
      '2 tsp Cumin',
    ]);
    await user.click(within(dialog).getByRole('checkbox', { name: '1 onion, diced' }));
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'shopping list' }), 'Weekly shop');
    await user.click(within(dialog).getByRole('button', { name: 'send' }));
    await waitFor(() => expect(sent.merges).toHaveLength(1));
    expect(sent.merges[0]).toEqual({
      listId: 5,
      body: {
        ingredients: [
          { value: 1, quantity: 200, unit: 'g' },
          { value: 3, quantity: 2, unit: 'tsp' },
        ],
      },
    });
  });

  it('sends the recipe to a plan day typed by its category id', async () => {
    signedInRecipe();
    const sent = serveSendTargets({ plans: [makeSendPlan(8, { name: 'Week one' })] });
    const { user } = renderApp('/recipes/4');
    const dialog = await openOption(user, 'send recipe to mealplan');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'meal plan' }), 'Week one');
    await user.click(within(dialog).getByRole('radio', { name: 'DAY: 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'add' }));
    await waitFor(() => expect(sent.planWrites).toHaveLength(1));
    expect(sent.planWrites[0]!.planId).toBe(8);
    expect(sent.planWrites[0]!.body.recipes?.[1]?.recipes).toEqual([
      { name: 'Red lentil soup', value: 4, image: null, type: '1', checked: false },
    ]);
    expect(sent.planWrites[0]!.body.recipes?.[0]?.recipes).toEqual([]);
  });

  it("types a recipe without a category 'A9'", async () => {
    signedInRecipe(makeDetail({ category: null, category_id: null }));
    const sent = serveSendTargets({ plans: [makeSendPlan(8, { name: 'Week one' })] });
    const { user } = renderApp('/recipes/4');
    const dialog = await openOption(user, 'send recipe to mealplan');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'meal plan' }), 'Week one');
    await user.click(within(dialog).getByRole('radio', { name: 'DAY: 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'add' }));
    await waitFor(() => expect(sent.planWrites).toHaveLength(1));
    expect(sent.planWrites[0]!.body.recipes?.[0]?.recipes?.[0]?.type).toBe('A9');
  });
});

describe('/recipes/{id}?cookmode=true', () => {
  it("shows one step at a time with Prev / Next and 'step X of Y steps'", async () => {
    recipe();
    const { user } = renderApp('/recipes/4?cookmode=true');
    expect(await screen.findByText('step 1 of 3 steps')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Soften the onion' })).toBeInTheDocument();
    // The step's ingredients as a cook writes them (1 unit(s) Onion → '1 onion').
    expect(screen.getByText('1 onion, diced')).toBeInTheDocument();
    expect(screen.getByText('2 tsp Cumin')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Simmer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('step 2 of 3 steps')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Simmer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('step 3 of 3 steps')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(screen.getByText('step 2 of 3 steps')).toBeInTheDocument();
  });

  it('starts a timer with a tap, pauses it with another, beeps at zero and goes negative', async () => {
    const started: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        started.push(1);
        return { type: '', frequency: { value: 0 }, connect() {}, start() {}, stop() {}, onended: null };
      }
      createGain() {
        return { gain: { value: 0 }, connect() {} };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    recipe();
    const { user } = renderApp('/recipes/4?cookmode=true');
    await screen.findByText('step 1 of 3 steps');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const timer = screen.getByRole('button', { name: /step timer/ });
    expect(timer).toHaveTextContent('00:00:02');

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    act(() => vi.advanceTimersByTime(3000));
    expect(timer).toHaveTextContent('00:00:02'); // not started yet
    fireEvent.click(timer);
    expect(timer).toHaveAttribute('aria-pressed', 'true');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('00:00:01');
    fireEvent.click(timer); // pause
    expect(timer).toHaveAttribute('aria-pressed', 'false');
    act(() => vi.advanceTimersByTime(5000));
    expect(timer).toHaveTextContent('00:00:01');
    expect(started).toEqual([]);
    fireEvent.click(timer); // resume
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('00:00:00');
    expect(started).toHaveLength(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(timer).toHaveTextContent('-00:00:03');
    expect(started).toHaveLength(1);
  });
});
