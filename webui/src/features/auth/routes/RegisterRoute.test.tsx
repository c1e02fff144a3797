import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, fill, renderApp } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';

const USERNAME_MESSAGE =
  'Invalid username, must be 6 or more characters. Letters numbers, dash and underscore allowed only.';

async function fillForm(
  user: ReturnType<typeof renderApp>['user'],
  values: { name?: string; email?: string; password?: string; confirmation?: string } = {},
) {
  const { name = 'alice_cook', email = 'alice@example.com', password = 'secret-pw', confirmation = password } = values;
  if (name) await fill(user, screen.getByLabelText('Username'), name);
  if (email) await fill(user, screen.getByLabelText('Email'), email);
  if (password) await fill(user, screen.getByLabelText('Password'), password);
  if (confirmation) await fill(user, screen.getByLabelText('Password confirmation'), confirmation);
}

describe('/register', () => {
  it("links to /login ('Login')", async () => {
    const { user, router } = renderApp('/register');
    await screen.findByLabelText('Invite code');
    const link = within(screen.getByRole('main')).getByRole('link', { name: 'Login' });
    expect(link).toHaveAttribute('href', '/login');
    await user.click(link);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
  });

  it('shows only the invite code until it is exactly 8 characters', async () => {
    const { user } = renderApp('/register');
    const invite = await screen.findByLabelText('Invite code');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    await fill(user, invite, 'ABCDEFG');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    await user.type(invite, 'H');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Password confirmation')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    await user.type(invite, 'I');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('prefills the invite code from promo_code', async () => {
    renderApp('/register?promo_code=WELCOME1');
    expect(await screen.findByLabelText('Invite code')).toHaveValue('WELCOME1');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('checks username, email and password confirmation on the client', async () => {
    let called = false;
    server.use(
      http.post(apiUrl('/register-beta'), () => {
        called = true;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderApp('/register?promo_code=WELCOME1');
    await screen.findByLabelText('Username');
    await fillForm(user, { name: 'bad name', email: 'not-an-email', password: 'secret-pw', confirmation: 'other-pw' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(USERNAME_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('rejects a username shorter than 6 characters', async () => {
    const { user } = renderApp('/register?promo_code=WELCOME1');
    await screen.findByLabelText('Username');
    await fillForm(user, { name: 'ab-1_' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(USERNAME_MESSAGE)).toBeInTheDocument();
  });

  it('registers, logs in and goes to /user-dashboard?first_login=true', async () => {
    let registerBody: unknown = null;
    let loginBody: unknown = null;
    server.use(
      http.post(apiUrl('/register-beta'), async ({ request }) => {
        registerBody = await request.json();
        return HttpResponse.json({ message: 'Registered.', user: testUser }, { status: 201 });
      }),
      http.post(apiUrl('/login'), async ({ request }) => {
        loginBody = await request.json();
        return HttpResponse.json({ token: 'fresh-token', user: testUser });
      }),
    );
    const { user, router } = renderApp('/register?promo_code=WELCOME1');
    await screen.findByLabelText('Username');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: `Hello, ${testUser.name}` })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/user-dashboard?first_login=true');
    expect(registerBody).toEqual({
      name: 'alice_cook',
      email: 'alice@example.com',
      password: 'secret-pw',
      password_confirmation: 'secret-pw',
      beta_code: 'WELCOME1',
    });
    expect(loginBody).toEqual({ email: 'alice@example.com', password: 'secret-pw' });
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
  });

  it("shows 'Error with registration' and the server's field errors on failure", async () => {
    server.use(
      http.post(apiUrl('/register-beta'), () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            errors: { email: ['The email has already been taken.'], beta_code: ['Invalid invite code.'] },
          },
          { status: 409 },
        ),
      ),
    );
    const { user, router } = renderApp('/register?promo_code=WELCOME1');
    await screen.findByLabelText('Username');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Error with registration')).toBeInTheDocument();
    expect(screen.getByText('The email has already been taken.')).toBeInTheDocument();
    expect(screen.getByText('Invalid invite code.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/register?promo_code=WELCOME1');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Error logging in' when the login after registration fails", async () => {
    server.use(
      http.post(apiUrl('/register-beta'), () =>
        HttpResponse.json({ message: 'Registered.', user: testUser }, { status: 201 }),
      ),
      http.post(apiUrl('/login'), () => HttpResponse.json({ message: 'Nope' }, { status: 401 })),
    );
    const { user, router } = renderApp('/register?promo_code=WELCOME1');
    await screen.findByLabelText('Username');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Error logging in')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/register?promo_code=WELCOME1');
  });
});
