import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp, signIn } from '@/test/render';

describe('/diary', () => {
  it("shows 'work in progress food diary.', a disabled 'add entry' and the Ingredient Summary dialog", async () => {
    signIn();
    const { user } = renderApp('/diary');
    expect(await screen.findByRole('heading', { name: 'Food diary' })).toBeInTheDocument();
    expect(screen.getByText('work in progress food diary.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'add entry' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Ingredient Summary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ingredient Summary' });
    expect(within(dialog).getByText(/no current meal plan/)).toBeInTheDocument();
  });

  it('is for signed-in users only', async () => {
    const { router } = renderApp('/diary');
    await screen.findByRole('button', { name: 'Login' });
    expect(currentPath(router)).toBe('/login');
  });
});
