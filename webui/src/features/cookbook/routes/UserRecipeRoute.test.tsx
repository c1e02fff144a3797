import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { makeSendList, makeSendPlan, serveSendTargets } from '@/test/sendTargets';
import { apiUrl, server } from '@/test/server';
import type { UserRecipe } from '../api/userRecipes';
import { makeUserRecipe } from '../testData';

beforeEach(() => notifications.clean());
afterEach(() => {
  vi.restoreAllMocks();
});

function serve(list: UserRecipe[]) {
  const state = { gets: 0 };
  server.use(
    http.get(apiUrl('/user-recipe-creator'), () => {
      state.gets += 1;
      return HttpResponse.json(list);
    }),
  );
  return state;
}

async function openOptions(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('heading', { name: 'Rice pot' });
  await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
}

describe('/user-recipes/{id}', () => {
  it('loads the user recipes (spinner meanwhile) and shows the recipe card', async () => {
    signIn();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested = false;
    server.use(
      http.get(apiUrl('/user-recipe-creator'), async () => {
        requested = true;
        await gate;
        return HttpResponse.json([makeUserRecipe(6), makeUserRecipe(7, { name: 'Rice pot', image: 'rice.jpg', serves: 4 })]);
      }),
    );
    renderApp('/user-recipes/7');
    await waitFor(() => expect(requested).toBe(true));
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rice pot' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Rice pot' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rice pot' })).toHaveAttribute('src', '/uploads/rice.jpg');
    expect(screen.getByText('Serves').parentElement).toHaveTextContent('Serves 4');
    expect(screen.getByText('Mains')).toBeInTheDocument();
    expect(screen.getByText('My description 7')).toBeInTheDocument();
    const ingredients = screen.getByRole('list', { name: 'ingredients' });
    expect(within(ingredients).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '200 g Rice',
      '1 onion, diced',
      '1 tsp Secret spice',
    ]);
    const steps = screen.getByRole('list', { name: 'steps' });
    expect(within(steps).getAllByRole('heading').map((h) => h.textContent)).toEqual(['1. Fry the onion', '2. Simmer']);
    // The timed step has a timer button.
    expect(within(steps).getByRole('button', { name: /step 2 timer 00:00:02/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'edit' })).toHaveAttribute('href', '/recipe-edit/7');
  });

  it('says so when the recipe is not among the user recipes', async () => {
    signIn();
    serve([makeUserRecipe(6)]);
    renderApp('/user-recipes/7');
    expect(await screen.findByText('Recipe not found.')).toBeInTheDocument();
  });

  it("has the 'Recipe Options' menu with the send entries working and print disabled", async () => {
    signIn();
    serve([makeUserRecipe(7, { name: 'Rice pot' })]);
    const { user } = renderApp('/user-recipes/7');
    await openOptions(user);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'send ingredients to list',
      'send recipe to mealplan',
      'print recipe',
      'copy ingredients',
      'copy link',
    ]);
    expect(items.map((item) => item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true')).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it('sends its ingredients to a list: catalogue ones by id, a custom one by its name', async () => {
    signIn();
    serve([makeUserRecipe(7, { name: 'Rice pot' })]);
    const sent = serveSendTargets({
      lists: [makeSendList(5, { name: 'Weekly shop' }), makeSendList(6, { name: 'Theirs', role: 'viewer' })],
    });
    const { user } = renderApp('/user-recipes/7');
    await openOptions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'send ingredients to list' }));
    const dialog = await screen.findByRole('dialog', { name: 'send ingredients to list' });
    const select = await within(dialog).findByRole('combobox', { name: 'shopping list' });
    expect([...(select as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'choose a list',
      'Weekly shop',
    ]);
    await user.selectOptions(select, 'Weekly shop');
    await user.click(within(dialog).getByRole('button', { name: 'send' }));
    expect(await screen.findByText('Ingredients added to the list')).toBeInTheDocument();
    expect(sent.merges).toEqual([
      {
        listId: 5,
        body: {
          ingredients: [
            { value: 1, quantity: 200, unit: 'g' },
            { value: 2, quantity: 1, unit: 'unit(s)' },
            { name: 'Secret spice', quantity: 1, unit: 'tsp' },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'send ingredients to list' })).not.toBeInTheDocument());
  });

  it("sends the recipe to a plan day as a 'USER' entry", async () => {
    signIn();
    serve([makeUserRecipe(7, { name: 'Rice pot', image: 'rice.jpg' })]);
    const sent = serveSendTargets({ plans: [makeSendPlan(8, { name: 'Week one', role: 'editor' })] });
    const { user } = renderApp('/user-recipes/7');
    await openOptions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'send recipe to mealplan' }));
    const dialog = await screen.findByRole('dialog', { name: 'send recipe to mealplan' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'meal plan' }), 'Week one');
    await user.click(within(dialog).getByRole('radio', { name: 'DAY: 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'add' }));
    expect(await screen.findByText('Recipe added to the meal plan')).toBeInTheDocument();
    expect(sent.planWrites.map((write) => [write.planId, write.body.recipes?.[0]?.recipes])).toEqual([
      [8, [{ name: 'Rice pot', value: 7, image: 'rice.jpg', type: 'USER', checked: false }]],
    ]);
  });

  it("copies the ingredient names one per line: 'Copied Ingredients to Clipboard'", async () => {
    signIn();
    serve([makeUserRecipe(7, { name: 'Rice pot' })]);
    const { user } = renderApp('/user-recipes/7');
    await openOptions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'copy ingredients' }));
    expect(await screen.findByText('Copied Ingredients to Clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('Rice\nOnion\nSecret spice');
  });

  it("copies the page address: 'Copied Link to Clipboard'", async () => {
    signIn();
    serve([makeUserRecipe(7, { name: 'Rice pot' })]);
    const { user } = renderApp('/user-recipes/7');
    await openOptions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'copy link' }));
    expect(await screen.findByText('Copied Link to Clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });

  it('falls back to a hidden textarea when the clipboard interface is absent', async () => {
    signIn();
    serve([makeUserRecipe(7, { name: 'Rice pot' })]);
    const { user } = renderApp('/user-recipes/7');
    await screen.findByRole('heading', { name: 'Rice pot' });
    const copied: string[] = [];
    const execCommand = vi.fn((command: string) => {
      copied.push(`${command}:${(document.activeElement as HTMLTextAreaElement).value}`);
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
      await user.click(await screen.findByRole('menuitem', { name: 'copy ingredients' }));
      expect(await screen.findByText('Copied Ingredients to Clipboard')).toBeInTheDocument();
      expect(copied).toEqual(['copy:Rice\nOnion\nSecret spice']);
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else Reflect.deleteProperty(navigator, 'clipboard');
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('uses the cached list when the cookbook loaded it, and refreshes it', async () => {
    signIn();
    const state = serve([makeUserRecipe(7, { name: 'Rice pot' })]);
    server.use(http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])));
    const { user, router } = renderApp('/user-recipes#custom');
    await user.click(await screen.findByRole('link', { name: /Rice pot/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-recipes/7'));
    expect(await screen.findByRole('heading', { name: 'Rice pot' })).toBeInTheDocument();
    await waitFor(() => expect(state.gets).toBe(2));
  });
});
