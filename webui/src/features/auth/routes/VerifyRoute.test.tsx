import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expiredJwt, validJwt } from '@/test/jwt';
import { currentPath, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const HEADING = 'Email Verified Successfully';

describe('/verify', () => {
  it('shows the validating text, posts the token once, then the success view', async () => {
    const token = validJwt();
    const bodies: unknown[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(apiUrl('/verify-email'), async ({ request }) => {
        bodies.push(await request.json());
        await gate;
        return HttpResponse.json({ message: 'Email verified.' });
      }),
    );
    const { user, router } = renderApp(`/verify?token=${token}`);
    expect(await screen.findByText('Validating Email Address.')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: HEADING })).toBeInTheDocument();
    expect(screen.getByText('Email verified.')).toBeInTheDocument();
    expect(bodies).toEqual([{ token }]);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('button', { name: 'Login' });
    expect(currentPath(router)).toBe('/login');
  });

  it('shows the server error under the same heading', async () => {
    server.use(
      http.post(apiUrl('/verify-email'), () =>
        HttpResponse.json({ message: 'Verification failed', error: 'This link has already been used.' }, { status: 409 }),
      ),
    );
    renderApp(`/verify?token=${validJwt()}`);
    expect(await screen.findByText('This link has already been used.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: HEADING })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('falls back to the server message when there is no error field', async () => {
    server.use(
      http.post(apiUrl('/verify-email'), () => HttpResponse.json({ message: 'Token not found.' }, { status: 404 })),
    );
    renderApp(`/verify?token=${validJwt()}`);
    expect(await screen.findByText('Token not found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: HEADING })).toBeInTheDocument();
  });

  it.each([
    ['an expired', expiredJwt(), 'This link has expired.'],
    ['a malformed', 'garbage', 'This link is invalid.'],
  ])('shows the error view for %s token without posting', async (_label, token, text) => {
    let posted = false;
    server.use(
      http.post(apiUrl('/verify-email'), () => {
        posted = true;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderApp(`/verify?token=${token}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: HEADING })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(posted).toBe(false);
  });
});
