import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';

async function openPreferences() {
  signIn();
  const rendered = renderApp('/user-preferences');
  await screen.findByLabelText('Username');
  return rendered;
}

describe('/user-preferences tabs', () => {
  it("has the tabs 'account', 'profile' and 'beta tools'; profile shows 'Coming Soon.'", async () => {
    const { user } = await openPreferences();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['account', 'profile', 'beta tools']);
    await user.click(screen.getByRole('tab', { name: 'profile' }));
    expect(await screen.findByText('Coming Soon.')).toBeInTheDocument();
  });

  it("'reset tutorials' clears the stored flag and says 'tutorial enabled.'", async () => {
    const { user } = await openPreferences();
    window.localStorage.setItem('tutorial_enabled', 'false');
    await user.click(screen.getByRole('tab', { name: 'beta tools' }));
    expect(screen.queryByText('tutorial enabled.')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'reset tutorials' }));
    expect(await screen.findByText('tutorial enabled.')).toBeInTheDocument();
    expect(window.localStorage.getItem('tutorial_enabled')).toBeNull();
  });
});

describe('account tab: username and e-mail', () => {
  it('prefills the current values', async () => {
    await openPreferences();
    expect(screen.getByLabelText('Username')).toHaveValue(testUser.name);
    expect(screen.getByLabelText('Email')).toHaveValue(testUser.email);
  });

  it('requires a username longer than 3 characters that differs from the current one', async () => {
    let called = false;
    server.use(
      http.put(apiUrl('/account/update'), () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Username'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('Username must be more than 3 characters.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Username'), testUser.name);
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('This is already your username.')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it("saves a new username, toasts 'User Updated.' and stores the user", async () => {
    let body: unknown = null;
    server.use(
      http.put(apiUrl('/account/update'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'User Updated.', user: { ...testUser, name: 'bob_cook' } });
      }),
    );
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Username'), 'bob_cook');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('User Updated.')).toBeInTheDocument();
    expect(body).toEqual({ name: 'bob_cook', email: testUser.email });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'bob_cook' });
  });

  it('asks before changing the e-mail; cancel sends nothing', async () => {
    let called = false;
    server.use(
      http.put(apiUrl('/account/update'), () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Email'), 'new@example.com');
    await fill(user, screen.getByLabelText('Your password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Save email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Email Address?' });
    expect(within(dialog).getByText(/social and sharing features/i)).toBeInTheDocument();
    expect(within(dialog).getByText(/verify/i)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(called).toBe(false);
  });

  it('changes the e-mail after confirmation', async () => {
    let body: unknown = null;
    server.use(
      http.put(apiUrl('/account/update'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          message: 'User Updated.',
          user: { ...testUser, email: 'new@example.com', email_verified: false },
        });
      }),
    );
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Email'), 'new@example.com');
    await fill(user, screen.getByLabelText('Your password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Save email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Email Address?' });
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('User Updated.')).toBeInTheDocument();
    expect(body).toEqual({ name: testUser.name, email: 'new@example.com', current_password: 'secret123' });
    expect(await screen.findByText(/not verified yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });

  it('asks for the password before a new e-mail, and shows the server refusing it', async () => {
    let calls = 0;
    server.use(
      http.put(apiUrl('/account/update'), () => {
        calls += 1;
        return HttpResponse.json(
          {
            message: 'The current password is incorrect.',
            errors: { current_password: ['The current password is incorrect.'] },
          },
          { status: 403 },
        );
      }),
    );
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save email' }));
    expect(await screen.findByText('Please enter your password to change your email address.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText('Your password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Save email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Email Address?' });
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('rejects an e-mail without the x@y.z shape', async () => {
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Email'), 'nope@nowhere');
    await user.click(screen.getByRole('button', { name: 'Save email' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server field error under the field', async () => {
    server.use(
      http.put(apiUrl('/account/update'), () =>
        HttpResponse.json(
          { message: 'Validation failed', errors: { name: ['The name has already been taken.'] } },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Username'), 'taken_name');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('The name has already been taken.')).toBeInTheDocument();
  });

  it("toasts 'Unknown Error, Contact Administrator.' on an unexpected failure", async () => {
    server.use(http.put(apiUrl('/account/update'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Username'), 'another_name');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('Unknown Error, Contact Administrator.')).toBeInTheDocument();
  });
});

describe('account tab: password change', () => {
  it("shows 'Password does not match.' only once the confirmation is longer than 7 characters", async () => {
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Current password'), 'old-secret');
    await fill(user, screen.getByLabelText('New password'), 'new-secret');
    const confirm = screen.getByLabelText('Confirm new password');
    await fill(user, confirm, 'differs');
    expect(confirm).toHaveValue('differs');
    expect(screen.queryByText('Password does not match.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    await user.type(confirm, 'x');
    expect(await screen.findByText('Password does not match.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    await fill(user, confirm, 'new-secret');
    expect(screen.queryByText('Password does not match.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  it('needs at least 5 characters in each field', async () => {
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Current password'), 'abcd');
    await fill(user, screen.getByLabelText('New password'), 'abcd');
    await fill(user, screen.getByLabelText('Confirm new password'), 'abcd');
    expect(screen.getAllByText('Must be at least 5 characters.')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
  });

  it('cancelling the confirm dialog sends nothing', async () => {
    let called = false;
    server.use(
      http.put(apiUrl('/account/change-password'), () => {
        called = true;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Current password'), 'old-secret');
    await fill(user, screen.getByLabelText('New password'), 'new-secret');
    await fill(user, screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password?' });
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(called).toBe(false);
  });

  it("changes the password after confirmation, toasts, and logs out 250 ms later", async () => {
    let body: unknown = null;
    let loggedOut = false;
    server.use(
      http.put(apiUrl('/account/change-password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Password changed.' });
      }),
      http.post(apiUrl('/logout'), () => {
        loggedOut = true;
        return HttpResponse.json({ message: 'Logged out.' });
      }),
    );
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    const { user, router } = await openPreferences();
    await fill(user, screen.getByLabelText('Current password'), 'old-secret');
    await fill(user, screen.getByLabelText('New password'), 'new-secret');
    await fill(user, screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password?' });
    expect(
      within(dialog).getByText('Be sure to have copied your new password, you will be logged out.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('Password Updated, logging out')).toBeInTheDocument();
    expect(body).toEqual({ current_password: 'old-secret', new_password: 'new-secret', confirm_password: 'new-secret' });
    expect(setTimeoutSpy).toHaveBeenCalledWith(expect.any(Function), 250);
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(loggedOut).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('shows server field errors of the password change', async () => {
    server.use(
      http.put(apiUrl('/account/change-password'), () =>
        HttpResponse.json(
          { message: 'Validation failed', errors: { current_password: ['The current password is incorrect.'] } },
          { status: 403 },
        ),
      ),
    );
    const { user } = await openPreferences();
    await fill(user, screen.getByLabelText('Current password'), 'wrong-old');
    await fill(user, screen.getByLabelText('New password'), 'new-secret');
    await fill(user, screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });
});

describe('account tab: filter preferences', () => {
  it("'Set filter preferences' opens the dialog with the five filters and saves them", async () => {
    let body: unknown = null;
    server.use(
      http.put(apiUrl('/account/preferences'), async ({ request }) => {
        body = await request.json();
        const { preferences } = body as { preferences: string[] };
        return HttpResponse.json({ message: 'Preferences saved.', user: { ...testUser, preferences } });
      }),
    );
    const withVegan = { ...testUser, preferences: ['vegan'] };
    signIn(withVegan);
    const { user } = renderApp('/user-preferences');
    await screen.findByLabelText('Username');
    expect(within(screen.getByTestId('current-preferences')).getByText('Vegan')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set filter preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter preferences' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('value'))).toEqual([
      'vegetarian',
      'vegan',
      'gluten_free',
      'sugar_free',
      'dairy_free',
    ]);
    expect(within(dialog).getByRole('checkbox', { name: 'Vegan' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dairy free' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Vegan' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText('Preferences saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toEqual({ preferences: ['dairy_free'] });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ preferences: ['dairy_free'] });
    expect(within(screen.getByTestId('current-preferences')).getByText('Dairy free')).toBeInTheDocument();
  });

  it('links the administrator to the news editor from beta tools (others see no link)', async () => {
    signIn({ ...testUser, role: 'admin' });
    const { user } = renderApp('/user-preferences');
    await user.click(await screen.findByRole('tab', { name: 'beta tools' }));
    expect(await screen.findByRole('link', { name: 'manage news' })).toHaveAttribute('href', '/admin/news');
    expect(screen.getByRole('link', { name: 'report a bug' })).toHaveAttribute('href', '/bug-report');
  });
});

describe('account tab: unverified e-mail', () => {
  const unverified = { ...testUser, email_verified: false };

  async function openUnverified() {
    signIn(unverified);
    const rendered = renderApp('/user-preferences');
    await screen.findByLabelText('Username');
    return rendered;
  }

  it('shows neither the notice nor the button for a verified address', async () => {
    await openPreferences();
    expect(screen.queryByText(/not verified yet/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).not.toBeInTheDocument();
  });

  it('resends the link: one empty POST, the button disabled while it runs, then a success toast', async () => {
    let calls = 0;
    let body: string | null = 'unset';
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(apiUrl('/resend-verification'), async ({ request }) => {
        calls += 1;
        body = await request.text();
        await gate;
        return HttpResponse.json({ message: 'Verification email sent. Please check your inbox.' });
      }),
    );
    const { user } = await openUnverified();
    expect(screen.getByText(/Your email address is not verified yet/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Resend verification e-mail' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    release();
    expect(await screen.findByText('Verification email sent. Please check your inbox.')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(calls).toBe(1);
    expect(body).toBe('');
  });

  it("shows the server's reason when the limit is reached", async () => {
    const limit = 'A verification email was already sent 3 times this hour. Please try again in 42 minutes.';
    server.use(
      http.post(apiUrl('/resend-verification'), () =>
        HttpResponse.json({ message: limit }, { status: 429, headers: { 'Retry-After': '2520' } }),
      ),
    );
    const { user } = await openUnverified();
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification e-mail' })).toBeEnabled();
  });

  it('says so and hides the notice when the address was verified meanwhile', async () => {
    server.use(
      http.post(apiUrl('/resend-verification'), () => {
        window.localStorage.setItem('user', JSON.stringify(testUser)); // the account now answers verified
        return HttpResponse.json({ message: 'Your email address is already verified.' }, { status: 409 });
      }),
    );
    const { user } = await openUnverified();
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText('Your email address is already verified.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/not verified yet/)).not.toBeInTheDocument());
  });

  it('says the mail could not be sent on a server or network failure', async () => {
    server.use(http.post(apiUrl('/resend-verification'), () => HttpResponse.error()));
    const { user } = await openUnverified();
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(
      await screen.findByText('The verification email could not be sent. Please try again later.'),
    ).toBeInTheDocument();
  });
});

describe('account tab: expiry e-mail', () => {
  it('is off by default; switching it on saves it with the hour, which can then be changed', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('/notifications/settings'), () =>
        HttpResponse.json({ data: { expiry_email: false, expiry_email_hour: 8 } }),
      ),
      http.put(apiUrl('/notifications/settings'), async ({ request }) => {
        const body = (await request.json()) as object;
        sent.push(body);
        return HttpResponse.json({ data: body });
      }),
    );
    const { user } = await openPreferences();
    const toggle = await screen.findByRole('switch', { name: 'E-mail me once a day when food is about to expire' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Send it at' })).not.toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ expiry_email: true, expiry_email_hour: 8 }]));
    expect(await screen.findByText('Expiry e-mail updated')).toBeInTheDocument();
    expect(toggle).toBeChecked();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Send it at' }), '18:00');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ expiry_email: true, expiry_email_hour: 18 });
  });

  it('says the mail goes only to a verified address when the account has none', async () => {
    server.use(
      http.get(apiUrl('/notifications/settings'), () =>
        HttpResponse.json({ data: { expiry_email: true, expiry_email_hour: 7 } }),
      ),
    );
    signIn({ ...testUser, email_verified: false });
    renderApp('/user-preferences');
    expect(await screen.findByText('It is sent only to a verified address: verify yours first.')).toBeInTheDocument();
  });
});
