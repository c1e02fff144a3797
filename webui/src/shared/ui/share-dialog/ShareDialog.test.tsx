import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareEntry, SharePayload } from '@/shared/api';
import { fill, renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { SHARE_TEXTS, ShareDialog } from './index';

let sent: SharePayload[] = [];
/** The server's rows: applies each PUT /share as the backend does. */
let rows: ShareEntry[] = [];

beforeEach(() => {
  sent = [];
  rows = [];
  server.use(
    http.put(apiUrl('/share'), async ({ request }) => {
      const body = (await request.json()) as SharePayload;
      sent.push(body);
      for (const entry of body.shared_with ?? []) {
        const canEdit = entry.canEdit ?? false;
        const found = rows.find((row) => row.email === entry.email);
        if (found) found.canEdit = canEdit;
        else rows.push({ email: entry.email, canEdit });
      }
      const gone = (body.unshared_with ?? []).map((e) => (typeof e === 'string' ? e : e.email));
      rows = rows.filter((row) => !gone.includes(row.email));
      return HttpResponse.json({ data: { shared_with: rows.map((row) => ({ ...row })) } });
    }),
  );
});

function renderDialog(sharedWith: ShareEntry[] = [], onChanged = vi.fn(), onClose = vi.fn()) {
  rows = sharedWith.map((row) => ({ ...row }));
  const rendered = renderWithProviders(
    <ShareDialog
      entityId={7}
      entityType="UserShoppinglist"
      sharedWith={sharedWith}
      opened
      onClose={onClose}
      onChanged={onChanged}
    />,
  );
  return { ...rendered, onChanged, onClose };
}

const emailInput = () => screen.getByRole('textbox', { name: 'e-mail' });
const shareButton = () => screen.getByRole('button', { name: 'share' });

describe('ShareDialog', () => {
  it('warns about an invalid e-mail only past 5 characters and enables share once it is valid', async () => {
    const { user } = renderDialog();
    expect(shareButton()).toBeDisabled();
    await fill(user, emailInput(), 'bob@x');
    expect(screen.queryByText(SHARE_TEXTS.invalidEmail)).not.toBeInTheDocument();
    expect(shareButton()).toBeDisabled();
    await fill(user, emailInput(), 'bob@xy');
    expect(screen.getByText(SHARE_TEXTS.invalidEmail)).toBeInTheDocument();
    expect(shareButton()).toBeDisabled();
    await fill(user, emailInput(), 'bob@example.com');
    expect(screen.queryByText(SHARE_TEXTS.invalidEmail)).not.toBeInTheDocument();
    expect(shareButton()).toBeEnabled();
  });

  it('adds an e-mail without edit rights, sends it at once and tells the caller', async () => {
    const { user, onChanged } = renderDialog();
    await fill(user, emailInput(), 'bob@example.com');
    await user.click(shareButton());
    expect(await screen.findByText(SHARE_TEXTS.updated)).toBeInTheDocument();
    expect(sent).toEqual([
      { entity_id: 7, type: 'UserShoppinglist', shared_with: [{ email: 'bob@example.com', canEdit: false }] },
    ]);
    const row = screen.getByRole('listitem', { name: 'bob@example.com' });
    expect(within(row).getByRole('checkbox', { name: 'Edit' })).not.toBeChecked();
    expect(emailInput()).toHaveValue('');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('flips canEdit with the Edit checkbox', async () => {
    const { user, onChanged } = renderDialog([{ email: 'bob@example.com', canEdit: false }]);
    const row = screen.getByRole('listitem', { name: 'bob@example.com' });
    await user.click(within(row).getByRole('checkbox', { name: 'Edit' }));
    expect(await screen.findByText(SHARE_TEXTS.updated)).toBeInTheDocument();
    expect(sent).toEqual([
      { entity_id: 7, type: 'UserShoppinglist', shared_with: [{ email: 'bob@example.com', canEdit: true }] },
    ]);
    await waitFor(() => expect(within(row).getByRole('checkbox', { name: 'Edit' })).toBeChecked());
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('moves a removed entry to unshared', async () => {
    const { user } = renderDialog([
      { email: 'bob@example.com', canEdit: true },
      { email: 'carol@example.com', canEdit: false },
    ]);
    await user.click(screen.getByRole('button', { name: 'remove bob@example.com' }));
    expect(await screen.findByText(SHARE_TEXTS.updated)).toBeInTheDocument();
    expect(sent).toEqual([
      { entity_id: 7, type: 'UserShoppinglist', unshared_with: [{ email: 'bob@example.com', canEdit: true }] },
    ]);
    expect(screen.queryByRole('listitem', { name: 'bob@example.com' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'carol@example.com' })).toBeInTheDocument();
  });

  it('shows only the first 6 people', () => {
    const people = Array.from({ length: 8 }, (_, i) => ({ email: `p${i}@example.com`, canEdit: false }));
    renderDialog(people);
    const shown = screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'));
    expect(shown).toEqual(people.slice(0, 6).map((p) => p.email));
  });

  it('shows the failure toast and the server reason, and keeps the rows, when sharing fails', async () => {
    server.use(
      http.put(apiUrl('/share'), () =>
        HttpResponse.json(
          { message: 'Validation failed', errors: { shared_with: [SHARE_TEXTS.invalidEmail] } },
          { status: 422 },
        ),
      ),
    );
    const { user, onChanged } = renderDialog([{ email: 'bob@example.com', canEdit: false }]);
    await fill(user, emailInput(), 'alice@example.com');
    await user.click(shareButton());
    expect(await screen.findByText(SHARE_TEXTS.failed)).toBeInTheDocument();
    expect(screen.getByText(SHARE_TEXTS.invalidEmail)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual(['bob@example.com']);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("shows the server's message when too many share e-mails were sent (429)", async () => {
    const limit = 'You have sent as many share e-mails as one member may (30 an hour, 60 a day). Please try again in 12 minutes.';
    server.use(http.put(apiUrl('/share'), () => HttpResponse.json({ message: limit }, { status: 429, headers: { 'Retry-After': '720' } })));
    const { user, onChanged } = renderDialog();
    await fill(user, emailInput(), 'alice@example.com');
    await user.click(shareButton());
    expect(await screen.findByText(SHARE_TEXTS.failed)).toBeInTheDocument();
    expect(screen.getByText(limit)).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("shows the server's message when the address is the user's own (409)", async () => {
    const own = 'This is your own address: share with someone else.';
    server.use(http.put(apiUrl('/share'), () => HttpResponse.json({ message: own }, { status: 409 })));
    const { user, onChanged } = renderDialog();
    await fill(user, emailInput(), 'me@example.com');
    await user.click(shareButton());
    expect(await screen.findByText(SHARE_TEXTS.failed)).toBeInTheDocument();
    expect(screen.getByText(own)).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('closes with the close button', async () => {
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
