import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { server, testUser } from '@/test/server';

const adminUrl = (path: string) => new URL(`/api/admin${path}`, window.location.origin).toString();
const admin = { ...testUser, role: 'admin' as const };

interface Account {
  id: number;
  name: string;
  email: string;
  email_verified: boolean;
  role: 'user' | 'admin';
  created_at: string;
  preferences: string[];
}

const account = (id: number, name: string, changes: Partial<Account> = {}): Account => ({
  id,
  name,
  email: `${name}@example.org`,
  email_verified: true,
  role: 'user',
  created_at: '2025-01-01T00:00:00Z',
  preferences: [],
  ...changes,
});

const SELF = account(testUser.id, testUser.name, { email: testUser.email, role: 'admin' });
const BOB = account(7, 'bob_baker', { email_verified: false });
const CAROL = account(8, 'carol_admin', { role: 'admin' });

/** An in-memory list of accounts behind the admin calls; `refuse` answers 409 for those ids. */
function usersBackend(initial: Account[], refuse: Record<number, string> = {}) {
  let accounts = [...initial];
  const deletes: number[] = [];
  server.use(
    http.get(adminUrl('/users'), () => HttpResponse.json(accounts)),
    http.delete(adminUrl('/users/:id'), ({ params }) => {
      const id = Number(params.id);
      deletes.push(id);
      if (refuse[id]) return HttpResponse.json({ message: refuse[id] }, { status: 409 });
      accounts = accounts.filter((a) => a.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return deletes;
}

describe('/admin/users', () => {
  it("shows 'Not allowed' to a user without the admin role and calls nothing", async () => {
    const deletes = usersBackend([BOB]);
    signIn();
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'bob_baker' })).not.toBeInTheDocument();
    expect(deletes).toEqual([]);
  });

  it('lists every account with its e-mail, whether it is verified and whether it is an administrator', async () => {
    usersBackend([SELF, BOB, CAROL]);
    signIn(admin);
    renderApp('/admin/users');
    const bob = await screen.findByRole('article', { name: 'bob_baker' });
    expect(within(bob).getByText('bob_baker@example.org')).toBeInTheDocument();
    expect(within(bob).getByText('not verified')).toBeInTheDocument();
    expect(within(bob).queryByText('admin')).not.toBeInTheDocument();
    const carol = screen.getByRole('article', { name: 'carol_admin' });
    expect(within(carol).getByText('verified')).toBeInTheDocument();
    expect(within(carol).getByText('admin')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: testUser.name })).getByText('you')).toBeInTheDocument();
  });

  it("deletes after the confirm dialog 'Delete {name}?'; cancel keeps the account", async () => {
    const deletes = usersBackend([SELF, BOB]);
    signIn(admin);
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Delete bob_baker' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete bob_baker?' });
    expect(within(dialog).getByText('This action cannot be undone')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete bob_baker' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete bob_baker?' });
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'bob_baker' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: testUser.name })).toBeInTheDocument();
    expect(deletes).toEqual([BOB.id]);
  });

  it("shows the server's message when it refuses (409) and keeps the account", async () => {
    const refusal = 'You cannot delete your own account. Ask another administrator to do it.';
    const deletes = usersBackend([SELF, BOB], { [SELF.id]: refusal });
    signIn(admin);
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: `Delete ${testUser.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Delete ${testUser.name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText('Account deleted')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: testUser.name })).toBeInTheDocument();
    expect(deletes).toEqual([SELF.id]);
  });
});
