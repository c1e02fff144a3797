import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp, signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';

const HELLO = `Hello, ${testUser.name}`;

async function openDashboard(path = '/user-dashboard') {
  signIn();
  const rendered = renderApp(path);
  await screen.findByRole('heading', { name: HELLO });
  return rendered;
}

const prompt = () => screen.queryByRole('region', { name: 'Tutorial' });

/** The step buttons of the tour's indicator, in order. */
function stepButtons(dialog: HTMLElement): HTMLElement[] {
  return within(dialog).getAllByRole('button', { name: /^Step \d/ });
}

function completedSteps(dialog: HTMLElement): number[] {
  return stepButtons(dialog).flatMap((step, index) => (step.hasAttribute('data-completed') ? [index] : []));
}

function activeStep(dialog: HTMLElement): number {
  return stepButtons(dialog).findIndex((step) => step.getAttribute('aria-current') === 'step');
}

async function openTour() {
  const rendered = await openDashboard();
  await rendered.user.click(screen.getByRole('button', { name: 'Take the tour' }));
  const dialog = await screen.findByRole('dialog', { name: 'Getting started' });
  return { ...rendered, dialog };
}

describe('tutorial prompt', () => {
  it('shows when no tutorial_enabled flag is stored', async () => {
    await openDashboard();
    expect(prompt()).toBeInTheDocument();
    expect(within(prompt()!).getByRole('button', { name: 'No thanks' })).toBeInTheDocument();
  });

  it.each(['true', 'false'])('stays hidden when the flag is stored as %s', async (flag) => {
    window.localStorage.setItem('tutorial_enabled', flag);
    await openDashboard();
    expect(prompt()).not.toBeInTheDocument();
  });

  it('shows with ?first_login=true even when a flag is stored', async () => {
    window.localStorage.setItem('tutorial_enabled', 'false');
    await openDashboard('/user-dashboard?first_login=true');
    expect(prompt()).toBeInTheDocument();
  });

  it("accepting stores 'true', closes the prompt and opens the tour at step 0", async () => {
    const { router, dialog } = await openTour();
    expect(window.localStorage.getItem('tutorial_enabled')).toBe('true');
    expect(prompt()).not.toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Welcome to Larder!' })).toBeInTheDocument();
    expect(stepButtons(dialog)).toHaveLength(6);
    expect(activeStep(dialog)).toBe(0);
    expect(currentPath(router)).toBe('/user-dashboard');
  });

  it("declining stores 'false', closes the prompt and drops first_login from the URL", async () => {
    const { user, router } = await openDashboard('/user-dashboard?first_login=true');
    await user.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(window.localStorage.getItem('tutorial_enabled')).toBe('false');
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/user-dashboard');
  });
});

describe('onboarding tour', () => {
  it('walks the steps 0 to 5 with Continue and Back, marking completed steps', async () => {
    const { user, dialog } = await openTour();
    const back = within(dialog).getByRole('button', { name: 'Back' });
    const next = () => within(dialog).getByRole('button', { name: 'Continue' });
    expect(back).toBeDisabled();
    expect(completedSteps(dialog)).toEqual([]);

    const headings = ['Your basic preferences', 'Discover recipes', 'Time to shop', 'Thank you!', 'Coming next'];
    for (const [offset, heading] of headings.entries()) {
      await user.click(next());
      expect(await within(dialog).findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(activeStep(dialog)).toBe(offset + 1);
      expect(completedSteps(dialog)).toEqual(Array.from({ length: offset + 1 }, (_, i) => i));
      if (heading === 'Time to shop') expect(within(dialog).getByText(/work in progress/)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Brand accounts')).toBeInTheDocument();
    expect(within(dialog).getByText('Budget tracking')).toBeInTheDocument();
    expect(within(dialog).getByText('Food diary')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();

    await user.click(back);
    expect(await within(dialog).findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(completedSteps(dialog)).toEqual([0, 1, 2, 3]);
    expect(within(dialog).queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
    expect(next()).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("the last step's 'Done' closes the tour", async () => {
    const { user, dialog } = await openTour();
    for (let step = 1; step <= 5; step += 1) {
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(activeStep(dialog)).toBe(step));
    }
    expect(within(dialog).getByRole('heading', { name: 'Coming next' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'Show me how this works' goes to the preferences; 'I can figure it out myself' closes", async () => {
    const { user, dialog } = await openTour();
    await user.click(within(dialog).getByRole('button', { name: 'Show me how this works' }));
    expect(await within(dialog).findByRole('heading', { name: 'Your basic preferences' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(await within(dialog).findByRole('button', { name: 'I can figure it out myself' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves the chosen preferences with PUT /account/preferences on Continue', async () => {
    let body: unknown = null;
    server.use(
      http.put(apiUrl('/account/preferences'), async ({ request }) => {
        body = await request.json();
        const { preferences } = body as { preferences: string[] };
        return HttpResponse.json({ message: 'Preferences saved.', user: { ...testUser, preferences } });
      }),
    );
    const { user, dialog } = await openTour();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const group = await within(dialog).findByRole('group', { name: "I'm looking for recipes that are" });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(5);
    for (const label of ['Vegetarian', 'Vegan', 'Gluten free', 'Sugar free', 'Dairy free']) {
      expect(within(group).getByRole('checkbox', { name: label })).not.toBeChecked();
    }
    await user.click(within(group).getByRole('checkbox', { name: 'Gluten free' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Vegetarian' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByRole('heading', { name: 'Discover recipes' })).toBeInTheDocument();
    expect(body).toEqual({ preferences: ['vegetarian', 'gluten_free'] });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({
      preferences: ['vegetarian', 'gluten_free'],
    });
  });

  it('stays on the preferences step and shows the error when saving fails', async () => {
    server.use(
      http.put(apiUrl('/account/preferences'), () =>
        HttpResponse.json(
          { message: 'Validation failed', errors: { preferences: ['Unknown preference: keto.'] } },
          { status: 422 },
        ),
      ),
    );
    const { user, dialog } = await openTour();
    await user.click(within(dialog).getByRole('button', { name: 'Show me how this works' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Vegan' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Unknown preference: keto.')).toBeInTheDocument();
    expect(activeStep(dialog)).toBe(1);
  });
});
