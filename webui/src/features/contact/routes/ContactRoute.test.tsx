import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill, renderApp, signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';

function captureContact(answer?: () => Response) {
  const calls: { body: unknown; auth: string | null }[] = [];
  server.use(
    http.post(apiUrl('/contact'), async ({ request }) => {
      calls.push({ body: await request.json(), auth: request.headers.get('authorization') });
      return answer ? answer() : HttpResponse.json({ message: 'Message sent.' }, { status: 201 });
    }),
  );
  return calls;
}

describe('/contact', () => {
  it('needs name, email and message before sending anything', async () => {
    const calls = captureContact();
    const { user } = renderApp('/contact');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please fill in your name.')).toBeInTheDocument();
    expect(screen.getByText('Please fill in your email.')).toBeInTheDocument();
    expect(screen.getByText('Please write a message.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Name'), 'Sam');
    await fill(user, screen.getByLabelText('Email'), 'not-checked-here');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please write a message.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts the message without a token when signed out and shows the answer', async () => {
    const calls = captureContact();
    const { user } = renderApp('/contact');
    await fill(user, await screen.findByLabelText('Name'), 'Sam');
    await fill(user, screen.getByLabelText('Email'), 'sam@example.com');
    await fill(user, screen.getByLabelText('Message'), 'The soup page is lovely.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent.')).toBeInTheDocument();
    expect(calls).toEqual([
      { body: { name: 'Sam', email: 'sam@example.com', message: 'The soup page is lovely.' }, auth: null },
    ]);
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('shows server field errors under the fields and other errors above the button', async () => {
    let status = 422;
    captureContact(() =>
      status === 422
        ? HttpResponse.json(
            { message: 'Validation failed', errors: { email: ['Invalid email address'] } },
            { status: 422 },
          )
        : HttpResponse.json({ message: 'Too many messages, try again later.' }, { status: 429 }),
    );
    const { user } = renderApp('/contact');
    await fill(user, await screen.findByLabelText('Name'), 'Sam');
    await fill(user, screen.getByLabelText('Email'), 'sam@nowhere');
    await fill(user, screen.getByLabelText('Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    status = 429;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages, try again later.');
  });
});

describe('/contact-beta', () => {
  it('is prefilled with the account and sends the bearer token', async () => {
    const calls = captureContact();
    signIn();
    const { user } = renderApp('/contact-beta');
    expect(await screen.findByLabelText('Name')).toHaveValue(testUser.name);
    expect(screen.getByLabelText('Email')).toHaveValue(testUser.email);
    await fill(user, screen.getByLabelText('Message'), 'Found a typo.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent.')).toBeInTheDocument();
    expect(calls[0]?.auth).toBe('Bearer test-token');
  });
});

describe('/bug-report', () => {
  it("is headed 'Bug Report' and posts the report", async () => {
    let body: unknown = null;
    server.use(
      http.post(apiUrl('/bug-report'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Bug report sent.' }, { status: 201 });
      }),
    );
    signIn();
    const { user } = renderApp('/bug-report');
    expect(await screen.findByRole('heading', { name: 'Bug Report' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Please describe the problem.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('What went wrong?'), 'The timer never rings.');
    await fill(user, screen.getByLabelText('Page (optional)'), '/recipes/3');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(within(await screen.findByRole('status')).getByText('Bug report sent.')).toBeInTheDocument();
    expect(body).toEqual({ message: 'The timer never rings.', page: '/recipes/3' });
  });
});
