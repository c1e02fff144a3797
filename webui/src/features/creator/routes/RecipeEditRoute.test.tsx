import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { toPayload } from '../lib/draft';
import { creatorBackend, publishRequest, recipeOut, storeTestDraft, validDraft } from '../testData';

beforeEach(() => notifications.clean());

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const nav = (name: string) =>
  within(screen.getByRole('group', { name: 'wizard navigation' })).getByRole('button', { name });

/** An own recipe with id 5 (made from the test draft). */
function existing(overrides: Parameters<typeof recipeOut>[2] = {}) {
  return recipeOut(5, toPayload(validDraft({ user_recipe_id: 5 })), overrides);
}

describe('/recipe-edit/{id}', () => {
  it('loads the recipe into the same five steps', async () => {
    creatorBackend({ existing: existing() });
    signIn();
    const { user, router } = renderApp('/recipe-edit/5');
    expect(await screen.findByRole('heading', { name: 'Basic Details', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit recipe' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Lentil soup');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('A warming soup.');
    expect(screen.getByRole('textbox', { name: 'Serves' })).toHaveValue('4');
    expect(nav('Back')).toBeDisabled();
    for (const [path, title] of [
      ['/recipe-edit/5/ingredients', 'Add Ingredients'],
      ['/recipe-edit/5/configure', 'Configure Ingredients'],
      ['/recipe-edit/5/steps', 'Add Steps'],
      ['/recipe-edit/5/complete', 'Review and Save'],
    ] as const) {
      await user.click(nav('Next'));
      expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
      expect(currentPath(router)).toBe(path);
    }
    expect(nav('Submit')).toBeEnabled();
    expect(screen.getByRole('list', { name: 'review steps' })).toHaveTextContent('Soften (00:05:00)');
  });

  it("PUTs the draft, toasts 'Recipe updated' and opens /user-recipes/{id} 0.5 s later", async () => {
    const calls = creatorBackend({ existing: existing() });
    signIn();
    storeTestDraft(validDraft({ user_recipe_id: 5, name: 'Lentil soup, improved' }));
    const { user, router } = renderApp('/recipe-edit/5/complete');
    await screen.findByRole('heading', { name: 'Review and Save', level: 2 });
    expect(screen.getByText('Your unsaved draft was restored.')).toBeInTheDocument();
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    await user.click(nav('Submit'));
    expect(await screen.findByText('Recipe updated')).toBeInTheDocument();
    expect(calls.update).toEqual([{ id: 5, body: toPayload(validDraft({ user_recipe_id: 5, name: 'Lentil soup, improved' })) }]);
    expect(calls.create).toEqual([]);
    expect(calls.publish).toEqual([]);
    expect(window.localStorage.getItem('draft_recipe')).toBeNull();
    expect(setTimeoutSpy).toHaveBeenCalledWith(expect.any(Function), 500);
    await waitFor(() => expect(currentPath(router)).toBe('/user-recipes/5'));
  });

  it('waits about 0.5 s before leaving (fake timers)', async () => {
    creatorBackend({ existing: existing() });
    signIn();
    const { router } = renderApp('/recipe-edit/5/complete');
    await screen.findByRole('heading', { name: 'Review and Save', level: 2 });
    const submit = nav('Submit');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submit);
    // findBy* waits on setTimeout, which is fake now: let the save finish without moving the clock.
    for (let round = 0; round < 200 && !screen.queryByText('Recipe updated'); round += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
        await new Promise((resolve) => setImmediate(resolve));
      });
    }
    expect(screen.getByText('Recipe updated')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(499));
    expect(currentPath(router)).toBe('/recipe-edit/5/complete');
    expect(router.state.navigation.state).toBe('idle');
    act(() => vi.advanceTimersByTime(1));
    // The navigation has started (the viewer's code may still be loading).
    expect(router.state.navigation.location?.pathname ?? router.state.location.pathname).toBe('/user-recipes/5');
    vi.useRealTimers();
    await waitFor(() => expect(currentPath(router)).toBe('/user-recipes/5'));
  });

  it('a published recipe is ticked again by default: PUT, then a publish request and In Review', async () => {
    const calls = creatorBackend({ existing: existing({ published: true, recipe_id: 40 }) });
    signIn();
    const { user, router } = renderApp('/recipe-edit/5/complete');
    const tick = await screen.findByRole('checkbox', { name: 'Publish this recipe' });
    expect(tick).toBeChecked();
    expect(
      screen.getByText(
        'Saving a published recipe makes it private again until an administrator re-approves it, and any previous publish request will be cancelled.',
      ),
    ).toBeInTheDocument();
    await screen.findByText(/Ready to publish/);
    await user.click(nav('Submit'));
    expect(await screen.findByText('In Review')).toBeInTheDocument();
    expect(screen.getByText('Recipe updated')).toBeInTheDocument();
    expect(calls.update).toHaveLength(1);
    expect(calls.publish).toEqual([{ entity_id: 5, entity_type: 'UserRecipe' }]);
    await waitFor(() => expect(currentPath(router)).toBe('/user-recipes/5'));
  });

  it("a 409 on the publish request shows 'Contains banned words or symbols'", async () => {
    const error = 'Contains banned words or symbols';
    creatorBackend({
      existing: existing({ request: publishRequest(5, { status: 'pending' }) }),
      publish: () =>
        HttpResponse.json({ message: error, error, request: publishRequest(5, { status: 'rejected', error }) }, { status: 409 }),
    });
    signIn();
    const { user, router } = renderApp('/recipe-edit/5/complete');
    expect(await screen.findByRole('checkbox', { name: 'Publish this recipe' })).toBeChecked();
    await user.click(nav('Submit'));
    const panel = await screen.findByRole('alert', { name: 'Saved, but not published' });
    expect(panel).toHaveTextContent(error);
    expect(screen.getAllByText(error).length).toBeGreaterThanOrEqual(2); // the toast and the panel
    expect(currentPath(router)).toBe('/recipe-edit/5/complete');
  });

  it("a refused update says 'Error updating recipe'", async () => {
    creatorBackend({
      existing: existing(),
      update: () => HttpResponse.json({ message: 'Recipe not found' }, { status: 404 }),
    });
    signIn();
    const { user, router } = renderApp('/recipe-edit/5/complete');
    await screen.findByRole('heading', { name: 'Review and Save', level: 2 });
    await user.click(nav('Submit'));
    expect(await screen.findByText('Error updating recipe')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recipe-edit/5/complete');
    expect(nav('Submit')).toBeEnabled();
  });

  it("says 'Recipe not found.' for a recipe that is not the user's", async () => {
    creatorBackend();
    signIn();
    renderApp('/recipe-edit/8');
    expect(await screen.findByText('Recipe not found.')).toBeInTheDocument();
  });

  it('keeps the edited name checked against other recipes, not itself', async () => {
    const calls = creatorBackend({ existing: existing() });
    signIn();
    const { user } = renderApp('/recipe-edit/5');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(calls.validate).toEqual([{ name: 'Lentil soup', user_recipe_id: 5 }]));
    await fill(user, name, 'Pea soup');
    await waitFor(() => expect(calls.validate.at(-1)).toEqual({ name: 'Pea soup', user_recipe_id: 5 }));
  });
});
