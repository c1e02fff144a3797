import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp, signIn } from '@/test/render';
import { testUser } from '@/test/server';
import { OPEN_APP_LABEL } from './HomeRoute';

describe('/home', () => {
  it('offers Register and Login to a signed-out visitor', async () => {
    renderApp('/home');
    await screen.findByText('Closed beta is now live');
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: OPEN_APP_LABEL })).not.toBeInTheDocument();
  });

  it('gives a signed-in visitor a way into the app instead of Register and Login', async () => {
    signIn();
    const { user, router } = renderApp('/home');
    await screen.findByText('Closed beta is now live');
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: OPEN_APP_LABEL }));
    await screen.findByRole('heading', { name: `Hello, ${testUser.name}` });
    expect(currentPath(router)).toBe('/user-dashboard');
  });
});
