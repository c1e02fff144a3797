import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, fill, renderApp } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';

describe('/login', () => {
  it("links to /register ('Register')", async () => {
    const { user, router } = renderApp('/login');
    const link = within(await screen.findByRole('main')).getByRole('link', { name: 'Register' });
    expect(link).toHaveAttribute('href', '/register');
    await user.click(link);
    expect(await screen.findByLabelText('Invite code')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/register');
  });

  it('labels the fields so they can be found by their label', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    // The visibility toggle must not answer to the label 'Password'.
    expect(screen.getAllByLabelText(/password/i)).toHaveLength(1);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('logs in, stores token and user, and goes to /user-dashboard', async () => {
    let body: unknown = null;
    server.use(
      http.post(apiUrl('/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'jwt-abc', user: testUser });
      }),
    );
    const { user, router } = renderApp('/login');
    await fill(user, await screen.findByLabelText('Email'), 'alice@example.com');
    await fill(user, screen.getByLabelText('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: `Hello, ${testUser.name}` })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/user-dashboard');
    expect(body).toEqual({ email: 'alice@example.com', password: 'secret-pw' });
    expect(window.localStorage.getItem('token')).toBe('jwt-abc');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(testUser);
  });

  it('returns to the protected page that sent the visitor to /login', async () => {
    server.use(http.post(apiUrl('/login'), () => HttpResponse.json({ token: 'jwt-abc', user: testUser })));
    const { user, router } = renderApp('/user-preferences');
    await fill(user, await screen.findByLabelText('Email'), 'alice@example.com');
    await fill(user, screen.getByLabelText('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('tab', { name: 'account' });
    expect(currentPath(router)).toBe('/user-preferences');
  });

  it('shows the server message under the form when the login fails', async () => {
    server.use(
      http.post(apiUrl('/login'), () => HttpResponse.json({ message: 'Invalid Credentials' }, { status: 401 })),
    );
    const { user, router } = renderApp('/login');
    await fill(user, await screen.findByLabelText('Email'), 'alice@example.com');
    await fill(user, screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid Credentials')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows the throttling message on 429', async () => {
    server.use(
      http.post(apiUrl('/login'), () =>
        HttpResponse.json({ message: 'Too many attempts, try again later.' }, { status: 429 }),
      ),
    );
    const { user } = renderApp('/login');
    await fill(user, await screen.findByLabelText('Email'), 'alice@example.com');
    await fill(user, screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Too many attempts, try again later.')).toBeInTheDocument();
  });

  it('forgot mode sends a reset link and shows the sent state', async () => {
    let body: unknown = null;
    server.use(
      http.post(apiUrl('/forgot-email'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'sent' });
      }),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('password reset email sent')).toBeInTheDocument();
    expect(screen.getByText('please check your email')).toBeInTheDocument();
    expect(body).toEqual({ email: 'alice@example.com' });
    await user.click(screen.getByRole('button', { name: 'return to login' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it("forgot mode shows 'Error Finding Account' on 404", async () => {
    server.use(http.post(apiUrl('/forgot-email'), () => HttpResponse.json({ message: 'No account' }, { status: 404 })));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await fill(user, screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Error Finding Account')).toBeInTheDocument();
    expect(screen.queryByText('password reset email sent')).not.toBeInTheDocument();
  });

  it("forgot mode shows 'Error Finding Account' on any other failure", async () => {
    server.use(http.post(apiUrl('/forgot-email'), () => HttpResponse.error()));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await fill(user, screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Error Finding Account')).toBeInTheDocument();
  });

  it('forgot mode has a way back to the login form', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toBeInTheDocument());
  });

  it('/forgot-password opens the login page in forgot mode', async () => {
    renderApp('/forgot-password');
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });
});
