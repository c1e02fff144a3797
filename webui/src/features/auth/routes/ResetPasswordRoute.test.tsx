import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expiredJwt, validJwt } from '@/test/jwt';
import { fill, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const FAILURE = 'An Error occurred resetting your password. Please try again or contact support.';

describe('/reset-password', () => {
  it("shows 'This link has expired.' and no form for an expired token", async () => {
    renderApp(`/reset-password?token=${expiredJwt()}`);
    expect(await screen.findByText('This link has expired.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByText('This link is invalid.')).not.toBeInTheDocument();
  });

  it.each([['a malformed token', '/reset-password?token=not-a-jwt'], ['no token', '/reset-password']])(
    "shows 'This link is invalid.' for %s",
    async (_label, path) => {
      renderApp(path);
      expect(await screen.findByText('This link is invalid.')).toBeInTheDocument();
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    },
  );

  it('checks length and match on the client', async () => {
    const { user } = renderApp(`/reset-password?token=${validJwt()}`);
    await fill(user, await screen.findByLabelText('Email'), 'alice@example.com');
    await fill(user, screen.getByLabelText('New password'), 'abc');
    await fill(user, screen.getByLabelText('Confirm password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords must be 6 characters or more.')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match.')).toBeInTheDocument();
  });

  it("posts the reset and shows 'Password Reset Successful' with a link to /login", async () => {
    const token = validJwt();
    let body: unknown = null;
    server.use(
      http.post(apiUrl('/reset-password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Password reset.' });
      }),
    );
    const { user } = renderApp(`/reset-password?token=${token}`);
    await fill(user, await screen.findByLabelText('Email'), 'alice@example.com');
    await fill(user, screen.getByLabelText('New password'), 'new-secret');
    await fill(user, screen.getByLabelText('Confirm password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password Reset Successful')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'return to login' })).toHaveAttribute('href', '/login');
    expect(body).toEqual({
      email: 'alice@example.com',
      password: 'new-secret',
      password_confirmation: 'new-secret',
      token,
    });
  });

  it("shows the failure text and 'Unhandled Error: ' with the first server error", async () => {
    server.use(
      http.post(apiUrl('/reset-password'), () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            errors: { token: ['This password reset token is invalid.'], email: ['Unknown email.'] },
          },
          { status: 404 },
        ),
      ),
    );
    const { user } = renderApp(`/reset-password?token=${validJwt()}`);
    await fill(user, await screen.findByLabelText('Email'), 'alice@example.com');
    await fill(user, screen.getByLabelText('New password'), 'new-secret');
    await fill(user, screen.getByLabelText('Confirm password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(FAILURE)).toBeInTheDocument();
    expect(screen.getByText('Unhandled Error: This password reset token is invalid.')).toBeInTheDocument();
    expect(screen.queryByText('Password Reset Successful')).not.toBeInTheDocument();
  });
});
