import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportedRecipe } from '@/shared/api';
import { renderApp, signIn } from '@/test/render';
import { makeSendList, makeSendPlan, serveSendTargets } from '@/test/sendTargets';
import { apiUrl, server } from '@/test/server';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A picture as the server answers it: an address of its image proxy (signature, then the page's link). */
function proxied(link: string): string {
  return `/api/pwa/imported-images/AAAAAAAAAAAAAAAAAAAAAA?u=${encodeURIComponent(link)}`;
}

const FIRST_IMAGE = proxied('https://cdn.example.com/shakshuka-1.jpg');

const FULL = {
  name: 'Shakshuka',
  description: 'Eggs poached in a spicy tomato sauce.',
  image: [FIRST_IMAGE, proxied('https://cdn.example.com/shakshuka-2.jpg')],
  url: 'https://food.example.com/shakshuka',
  '@id': 'https://food.example.com/shakshuka#recipe',
  recipeCuisine: 'North African',
  recipeYield: '4 servings',
  totalTime: 'PT35M',
  prepTime: 'PT10M',
  cookTime: '',
  recipeInstructions: [
    { name: 'Sauce', text: 'Simmer the tomatoes with the spices.' },
    { name: 'Eggs', text: 'Crack in the eggs and cover.' },
  ],
  recipeIngredient: ['6 eggs', '1 can tomatoes', '1 tsp cumin'],
};

function imported(id: number, data: object | string, overrides: Partial<ImportedRecipe> = {}): ImportedRecipe {
  return {
    import_recipe_id: id,
    url: 'https://food.example.com/shakshuka',
    created_at: '2025-04-01T08:00:00Z',
    import_failed: false,
    data: typeof data === 'string' ? data : JSON.stringify(data),
    ...overrides,
  };
}

/** GET /user-imported-recipes/{id} answers the user's import (404 for others). */
function serve(...items: ImportedRecipe[]) {
  server.use(
    http.get(apiUrl('/user-imported-recipes/:id'), ({ params }) => {
      const item = items.find((i) => i.import_recipe_id === Number(params.id));
      return item ? HttpResponse.json(item) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.get(apiUrl('/user-imported-recipes'), () => HttpResponse.json(items)),
  );
}

describe('/imported-recipes/{id}', () => {
  it('opens at the top of the page', async () => {
    signIn();
    serve(imported(1, FULL), imported(2, { ...FULL, name: 'Dal' }));
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderApp('/imported-recipes/1');
    await screen.findByRole('heading', { name: 'Shakshuka' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await router.navigate('/imported-recipes/2');
    await screen.findByRole('heading', { name: 'Dal' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("shows title, first image of a list, 'original source' (url), 'Serves:' then the description, steps and ingredients", async () => {
    signIn();
    serve(imported(3, FULL));
    renderApp('/imported-recipes/3');
    expect(await screen.findByRole('heading', { name: 'Shakshuka', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Shakshuka' })).toHaveAttribute('src', FIRST_IMAGE);
    const source = screen.getByRole('link', { name: 'original source' });
    expect(source).toHaveAttribute('href', 'https://food.example.com/shakshuka');
    expect(source).toHaveAttribute('target', '_blank');
    const serves = screen.getByText('Serves:').parentElement as HTMLElement;
    expect(serves).toHaveTextContent('Serves: 4 servings');
    const description = screen.getByText('Eggs poached in a spicy tomato sauce.');
    // The description follows 'Serves:'.
    expect(serves.compareDocumentPosition(description) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('imported-times')).toHaveTextContent('Total 35 min · Prep 10 min');

    const steps = screen.getByRole('list', { name: 'steps' });
    expect(within(steps).getAllByRole('heading').map((h) => h.textContent)).toEqual(['1. Sauce', '2. Eggs']);
    expect(steps).toHaveTextContent('Simmer the tomatoes with the spices.');
    expect(steps.querySelectorAll('img')).toHaveLength(0);

    const ingredients = screen.getByRole('list', { name: 'ingredients' });
    const rows = within(ingredients).getAllByRole('listitem');
    expect(rows.map((li) => li.textContent)).toEqual(['6 eggs', '1 can tomatoes', '1 tsp cumin']);
    expect(rows.map((li) => li.getAttribute('data-value'))).toEqual([
      'IMPORT_INGREDIENT_0',
      'IMPORT_INGREDIENT_1',
      'IMPORT_INGREDIENT_2',
    ]);
  });

  it('takes a single image address, falls back to the placeholder on a load error, and links the @id without a url', async () => {
    signIn();
    const { url: _url, ...withoutUrl } = FULL;
    serve(imported(4, { ...withoutUrl, image: proxied('https://cdn.example.com/one.jpg') }));
    renderApp('/imported-recipes/4');
    const image = await screen.findByRole('img', { name: 'Shakshuka' });
    expect(image).toHaveAttribute('src', proxied('https://cdn.example.com/one.jpg'));
    fireEvent.error(image);
    await waitFor(() => expect(image).toHaveAttribute('src', '/recipe-placeholder.svg'));
    expect(screen.getByRole('link', { name: 'original source' })).toHaveAttribute(
      'href',
      'https://food.example.com/shakshuka#recipe',
    );
  });

  it('shows instructions that are not a list as plain text', async () => {
    signIn();
    serve(imported(5, { ...FULL, recipeInstructions: 'Simmer the sauce.\nAdd the eggs.' }));
    renderApp('/imported-recipes/5');
    await screen.findByRole('heading', { name: 'Shakshuka', level: 2 });
    expect(screen.queryByRole('list', { name: 'steps' })).not.toBeInTheDocument();
    expect(screen.getByTestId('instructions-text').textContent).toBe('Simmer the sauce.\nAdd the eggs.');
  });

  it("the top-right icon opens the 'Imported Recipe Disclaimer'; the ingredient panel is hidden while it is open", async () => {
    signIn();
    serve(imported(3, FULL));
    const { user } = renderApp('/imported-recipes/3');
    await screen.findByRole('heading', { name: 'Shakshuka', level: 2 });
    expect(screen.getByRole('list', { name: 'ingredients' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'show disclaimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imported Recipe Disclaimer' });
    expect(dialog).toHaveTextContent(/inaccurate or missing/);
    expect(dialog).toHaveTextContent(/liability/i);
    expect(dialog).toHaveTextContent(/recipes belong to their creators/);
    expect(dialog).toHaveTextContent(/visit the original site/);
    expect(screen.queryByRole('list', { name: 'ingredients' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ingredients' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'ingredients' })).toBeInTheDocument();
  });

  it('a page without recipe data shows its message and links the imported address', async () => {
    signIn();
    serve(imported(8, { message: 'No recipe found on this page' }, { url: 'https://blog.example.com/post' }));
    renderApp('/imported-recipes/8');
    expect(await screen.findByText('No recipe found on this page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'original source' })).toHaveAttribute('href', 'https://blog.example.com/post');
  });

  it('keeps the spinner and only logs when the data cannot be parsed', async () => {
    signIn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(imported(6, '{not json'));
    renderApp('/imported-recipes/6');
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith('Parsing the imported recipe failed', expect.any(SyntaxError)),
    );
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('shows the recipe from the list the cookbook loaded without waiting for GET /user-imported-recipes/{id}', async () => {
    signIn();
    const item = imported(3, FULL);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(apiUrl('/user-saved-recipes'), () => HttpResponse.json([])),
      http.get(apiUrl('/user-imported-recipes'), () => HttpResponse.json([item])),
      http.get(apiUrl('/user-imported-recipes/:id'), async () => {
        await gate;
        return HttpResponse.json(item);
      }),
    );
    const { user, router } = renderApp('/user-recipes#imported');
    await user.click(await screen.findByRole('link', { name: /Shakshuka/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/imported-recipes/3'));
    expect(await screen.findByRole('heading', { name: 'Shakshuka', level: 2 })).toBeInTheDocument();
    release();
  });

  it("loads one import by id after a reload and says 'Recipe not found.' for an unknown id", async () => {
    signIn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(imported(3, FULL));
    const { router } = renderApp('/imported-recipes/99');
    expect(await screen.findByText('Recipe not found.')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('Loading the imported recipe failed', expect.anything());
    await router.navigate('/imported-recipes/3');
    expect(await screen.findByRole('heading', { name: 'Shakshuka', level: 2 })).toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    renderApp('/imported-recipes/3');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('/imported-recipes/{id}: Recipe Options', () => {
  async function openOption(user: ReturnType<typeof renderApp>['user'], name: string) {
    await screen.findByRole('heading', { name: 'Shakshuka', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
    await user.click(await screen.findByRole('menuitem', { name }));
    return screen.findByRole('dialog', { name });
  }

  it('keeps the disclaimer icon on the title row and the options below it', async () => {
    signIn();
    serve(imported(3, FULL));
    const { user } = renderApp('/imported-recipes/3');
    const title = await screen.findByRole('heading', { name: 'Shakshuka', level: 2 });
    expect(title.parentElement).toContainElement(screen.getByRole('button', { name: 'show disclaimer' }));
    expect(title.parentElement).not.toContainElement(screen.getByRole('button', { name: 'Recipe Options' }));
    await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true'])).toEqual([
      ['send ingredients to list', false],
      ['send recipe to mealplan', false],
      ['print recipe', true],
      ['copy ingredients', false],
      ['copy link', false],
    ]);
  });

  it('sends the ingredient lines to a list by their text', async () => {
    signIn();
    serve(imported(3, FULL));
    const sent = serveSendTargets({ lists: [makeSendList(5, { name: 'Weekly shop' })] });
    const { user } = renderApp('/imported-recipes/3');
    const dialog = await openOption(user, 'send ingredients to list');
    await user.click(within(dialog).getByRole('checkbox', { name: '1 can tomatoes' }));
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'shopping list' }), 'Weekly shop');
    await user.click(within(dialog).getByRole('button', { name: 'send' }));
    await waitFor(() => expect(sent.merges).toHaveLength(1));
    expect(sent.merges[0]).toEqual({ listId: 5, body: { ingredients: [{ name: '6 eggs' }, { name: '1 tsp cumin' }] } });
  });

  it("sends the recipe to a plan day as an 'IMPORTED' entry with its id", async () => {
    signIn();
    serve(imported(3, FULL));
    const sent = serveSendTargets({ plans: [makeSendPlan(8, { name: 'Week one' })] });
    const { user } = renderApp('/imported-recipes/3');
    const dialog = await openOption(user, 'send recipe to mealplan');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'meal plan' }), 'Week one');
    await user.click(within(dialog).getByRole('radio', { name: 'DAY: 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'add' }));
    await waitFor(() => expect(sent.planWrites).toHaveLength(1));
    expect(sent.planWrites[0]!.body.recipes?.[1]?.recipes).toEqual([
      { name: 'Shakshuka', value: 3, image: FIRST_IMAGE, type: 'IMPORTED', checked: false },
    ]);
  });
});
