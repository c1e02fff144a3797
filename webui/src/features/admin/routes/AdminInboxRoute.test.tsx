import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { server, testUser } from '@/test/server';
import type { InboxMessage } from '../api/inbox';
import { formatReceived } from '../components/InboxMessageCard';

const inboxUrl = new URL('/api/admin/inbox', window.location.origin).toString();
const admin = { ...testUser, role: 'admin' as const };

const BUG: InboxMessage = {
  id: 2,
  kind: 'bug',
  name: 'bob_bakes',
  email: 'bob@example.com',
  message: 'The timer <img src=x onerror="alert(1)"> stops.\nSecond line.',
  page: '/diary',
  user_id: 5,
  created_at: '2026-01-02T12:00:00Z',
};
const CONTACT: InboxMessage = {
  id: 1,
  kind: 'contact',
  name: 'Ann',
  email: 'ann@example.org',
  message: '<b>Hello</b> from Ann',
  page: null,
  user_id: null,
  created_at: '2026-01-01T12:00:00Z',
};

function inboxAnswers(messages: InboxMessage[]) {
  const calls: string[] = [];
  server.use(
    http.get(inboxUrl, ({ request }) => {
      calls.push(request.url);
      return HttpResponse.json(messages);
    }),
  );
  return calls;
}

describe('/admin/inbox', () => {
  it('lists the messages newest first with kind, sender, date and page, as plain text', async () => {
    const calls = inboxAnswers([BUG, CONTACT]);
    signIn(admin);
    renderApp('/admin/inbox');

    expect(await screen.findByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-labelledby'))).toEqual(['inbox-message-2', 'inbox-message-1']);
    expect(calls).toHaveLength(1);

    const bug = screen.getByRole('article', { name: 'bob_bakes' });
    expect(within(bug).getByText('Bug report')).toBeInTheDocument();
    expect(within(bug).getByRole('link', { name: 'bob@example.com' })).toHaveAttribute(
      'href',
      'mailto:bob@example.com',
    );
    expect(within(bug).getByText('Page: /diary')).toBeInTheDocument();
    expect(within(bug).getByText(formatReceived(BUG.created_at))).toBeInTheDocument();
    expect(formatReceived(BUG.created_at)).toMatch(/^2 Jan 2026/);
    // The text is shown as written: no element is made from it.
    expect(within(bug).getByText(/The timer <img src=x onerror="alert\(1\)"> stops\./)).toBeInTheDocument();
    expect(within(bug).queryByRole('img')).not.toBeInTheDocument();
    expect(bug.querySelector('img')).toBeNull();

    const contact = screen.getByRole('article', { name: 'Ann' });
    expect(within(contact).getByText('Contact')).toBeInTheDocument();
    expect(within(contact).getByText('<b>Hello</b> from Ann')).toBeInTheDocument();
    expect(contact.querySelector('b')).toBeNull();
    expect(within(contact).queryByText(/^Page:/)).not.toBeInTheDocument();
  });

  it('says so when the inbox is empty', async () => {
    inboxAnswers([]);
    signIn(admin);
    renderApp('/admin/inbox');
    expect(
      await screen.findByText('No messages yet. Contact messages and bug reports will appear here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows an error when the inbox cannot be loaded', async () => {
    server.use(http.get(inboxUrl, () => HttpResponse.json({ message: 'Boom' }, { status: 500 })));
    signIn(admin);
    renderApp('/admin/inbox');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the inbox. Please try again later.');
  });

  it("shows 'Not allowed' to a user without the admin role and calls nothing", async () => {
    const calls = inboxAnswers([CONTACT]);
    signIn();
    renderApp('/admin/inbox');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows 'Not allowed' when the API answers 403", async () => {
    server.use(http.get(inboxUrl, () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    signIn(admin);
    renderApp('/admin/inbox');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Inbox' })).not.toBeInTheDocument();
  });
});
