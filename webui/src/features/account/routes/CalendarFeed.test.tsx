import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const FIRST = 'http://larder.test/api/pwa/calendar/first-token.ics';
const SECOND = 'http://larder.test/api/pwa/calendar/second-token.ics';

/** A server keeping one feed: GET shows it, POST makes a new address, DELETE turns it off. */
function feedServer(initial: string | null) {
  const calls: string[] = [];
  let url = initial;
  let made = 0;
  const answer = () =>
    HttpResponse.json({ data: { url, created_at: url ? '2026-03-09T10:00:00Z' : null } });
  server.use(
    http.get(apiUrl('/calendar-feed'), () => answer()),
    http.post(apiUrl('/calendar-feed'), () => {
      calls.push('POST');
      made += 1;
      url = made === 1 && !initial ? FIRST : SECOND;
      return answer();
    }),
    http.delete(apiUrl('/calendar-feed'), () => {
      calls.push('DELETE');
      url = null;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

async function openSection() {
  signIn();
  const rendered = renderApp('/user-preferences');
  const section = await screen.findByTestId('calendar-feed');
  expect(within(section).getByRole('heading', { name: 'Calendar feed' })).toBeInTheDocument();
  return { ...rendered, section };
}

function confirmButton(name: 'confirm' | 'cancel') {
  return screen.findByRole('button', { name });
}

describe('account tab: calendar feed', () => {
  it("offers 'create link' when there is none, and then shows the address", async () => {
    const calls = feedServer(null);
    const { user, section } = await openSection();
    expect(await within(section).findByText('No calendar feed yet.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'create link' }));
    expect(await within(section).findByDisplayValue(FIRST)).toBeInTheDocument();
    expect(await screen.findByText('Calendar link created')).toBeInTheDocument();
    expect(calls).toEqual(['POST']); // no confirm: there was no link to replace
    expect(within(section).queryByRole('button', { name: 'create link' })).not.toBeInTheDocument();
  });

  it("copies the address and toasts 'Copied Link to Clipboard'", async () => {
    feedServer(FIRST);
    const { user, section } = await openSection();
    expect(await within(section).findByLabelText('Calendar address')).toHaveValue(FIRST);
    expect(within(section).getByText('Link made on 09/03/2026')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'copy link' }));
    expect(await screen.findByText('Copied Link to Clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(FIRST);
  });

  it("'new link' says the old one stops working, and changes nothing when cancelled", async () => {
    const calls = feedServer(FIRST);
    const { user, section } = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'new link' }));
    expect(await screen.findByText(/The current link stops working at once/)).toBeInTheDocument();
    await user.click(await confirmButton('cancel'));
    await waitFor(() => expect(screen.queryByText(/The current link stops working/)).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(within(section).getByLabelText('Calendar address')).toHaveValue(FIRST);

    await user.click(within(section).getByRole('button', { name: 'new link' }));
    await user.click(await confirmButton('confirm'));
    await waitFor(() => expect(within(section).getByLabelText('Calendar address')).toHaveValue(SECOND));
    expect(await screen.findByText('New calendar link made')).toBeInTheDocument();
    expect(calls).toEqual(['POST']);
  });

  it("'turn off' asks first, then revokes the link and offers 'create link' again", async () => {
    const calls = feedServer(FIRST);
    const { user, section } = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'turn off' }));
    expect(await screen.findByText('Turn off the calendar feed?')).toBeInTheDocument();
    await user.click(await confirmButton('confirm'));
    expect(await within(section).findByRole('button', { name: 'create link' })).toBeInTheDocument();
    expect(await screen.findByText('Calendar feed turned off')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Calendar address')).not.toBeInTheDocument();
    expect(calls).toEqual(['DELETE']);
  });

  it('says so when the server refuses, and keeps the address it had', async () => {
    feedServer(FIRST);
    server.use(http.post(apiUrl('/calendar-feed'), () => HttpResponse.json({ message: 'busy' }, { status: 503 })));
    const { user, section } = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'new link' }));
    await user.click(await confirmButton('confirm'));
    expect(await screen.findByText('Could not change the calendar feed. Please try again.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Calendar address')).toHaveValue(FIRST);
  });
});
