import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/shared/ui';
import { renderApp, signIn } from '@/test/render';
import { server, testUser } from '@/test/server';

const adminUrl = (path: string) => new URL(`/api/admin${path}`, window.location.origin).toString();
const admin = { ...testUser, role: 'admin' as const };

interface BackupWire {
  name: string;
  size: number;
  created_at: string;
  kind: 'daily' | 'on_demand' | 'other';
}

const OLDEST: BackupWire = { name: 'larder-backup-20261122-031500.zip', size: 987_654_321, created_at: '2026-11-22T03:15:00Z', kind: 'other' };
const MIDDLE: BackupWire = { name: 'larder-now-20261123-031500.zip', size: 15_960_000, created_at: '2026-11-23T03:15:00Z', kind: 'on_demand' };
const NEWEST: BackupWire = { name: 'larder-daily-20261124-031500.zip', size: 1_234_567, created_at: '2026-11-24T03:15:00Z', kind: 'daily' };
const TAKEN: BackupWire = { name: 'larder-now-20261124-120000.zip', size: 1_300_000, created_at: '2026-11-24T12:00:00Z', kind: 'on_demand' };
const ARCHIVE_BYTES = [80, 75, 5, 6, 0, 0];

/** A promise the test settles when it chooses: holds an answer so a pending state can be seen. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

interface BackendOptions {
  /** Held until opened: the answer to POST /backups. */
  takeGate?: Promise<void>;
  /** Held until opened: the answers to GET /backups/{name}. */
  downloadGate?: Promise<void>;
  /** Refuses POST /backups with this message (500). */
  takeFailure?: string;
}

/** The backups behind the admin calls; records every call. */
function backupsBackend(initial: BackupWire[], options: BackendOptions = {}) {
  let backups = [...initial];
  const calls = { lists: 0, takes: 0, downloads: [] as { name: string; auth: string | null }[] };
  server.use(
    http.get(adminUrl('/backups'), () => {
      calls.lists += 1;
      return HttpResponse.json(backups);
    }),
    http.post(adminUrl('/backups'), async () => {
      calls.takes += 1;
      await options.takeGate;
      if (options.takeFailure) return HttpResponse.json({ message: options.takeFailure }, { status: 500 });
      backups = [TAKEN, ...backups];
      return HttpResponse.json(TAKEN, { status: 201 });
    }),
    http.get(adminUrl('/backups/:name'), async ({ params, request }) => {
      const name = String(params.name);
      calls.downloads.push({ name, auth: request.headers.get('authorization') });
      await options.downloadGate;
      if (!backups.some((backup) => backup.name === name)) {
        return HttpResponse.json({ message: 'No such backup.' }, { status: 404 });
      }
      return new HttpResponse(new Uint8Array(ARCHIVE_BYTES), {
        headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${name}"` },
      });
    }),
  );
  return calls;
}

const rowNames = () => screen.getAllByRole('article').map((row) => row.getAttribute('aria-label'));

describe('/admin/backups', () => {
  it("shows 'Not allowed' to a user without the admin role and calls nothing", async () => {
    const calls = backupsBackend([NEWEST]);
    signIn();
    renderApp('/admin/backups');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back up now' })).not.toBeInTheDocument();
    expect(calls.lists).toBe(0);
  });

  it("shows 'Not allowed' when the server refuses the list (403)", async () => {
    server.use(http.get(adminUrl('/backups'), () => HttpResponse.json({ message: 'Forbidden.' }, { status: 403 })));
    signIn(admin);
    renderApp('/admin/backups');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
  });

  it('lists the backups newest first with their date and time, what made them, size in MB and name', async () => {
    backupsBackend([MIDDLE, OLDEST, NEWEST]);
    signIn(admin);
    renderApp('/admin/backups');
    expect(await screen.findByRole('heading', { name: 'Backups' })).toBeInTheDocument();
    await screen.findByRole('article', { name: NEWEST.name });
    expect(rowNames()).toEqual([NEWEST.name, MIDDLE.name, OLDEST.name]);

    const expected: [BackupWire, string, string][] = [
      [NEWEST, '1.2 MB', 'Daily'],
      [MIDDLE, '16.0 MB', 'Taken now'],
      [OLDEST, '987.7 MB', 'Command line'],
    ];
    for (const [backup, size, kind] of expected) {
      const row = screen.getByRole('article', { name: backup.name });
      const date = within(row).getByText(formatDateTime(backup.created_at));
      expect(date.tagName).toBe('TIME');
      expect(date).toHaveAttribute('datetime', backup.created_at);
      expect(within(row).getByText(kind)).toBeInTheDocument();
      expect(within(row).getByText(size)).toBeInTheDocument();
      expect(within(row).getByText(backup.name)).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'download' })).toBeEnabled();
    }
    expect(
      screen.getByText(
        "The server takes a backup once a day and keeps the last seven (LARDER_BACKUP_KEEP in the server's settings). " +
          "'Back up now' keeps its own last five and never deletes a daily one; archives written with `larder backup` are never deleted. " +
          "An archive holds the household's data, the passwords' hashes and the signing key, so keep it somewhere safe.",
      ),
    ).toBeInTheDocument();
  });

  it('says so when there is no backup yet', async () => {
    backupsBackend([]);
    signIn(admin);
    renderApp('/admin/backups');
    expect(
      await screen.findByText('No backups yet. The first one is taken a few minutes after the server starts.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    server.use(http.get(adminUrl('/backups'), () => HttpResponse.json({ message: 'Boom' }, { status: 500 })));
    signIn(admin);
    renderApp('/admin/backups');
    expect(await screen.findByText('Could not load the backups. Please try again later.')).toBeInTheDocument();
  });

  it("'Back up now' posts once, is busy meanwhile, toasts 'Backup taken' and the new backup shows first", async () => {
    const take = gate();
    const calls = backupsBackend([NEWEST], { takeGate: take.opened });
    signIn(admin);
    const { user } = renderApp('/admin/backups');
    await screen.findByRole('article', { name: NEWEST.name });

    const button = screen.getByRole('button', { name: 'Back up now' });
    await user.click(button);
    await waitFor(() => expect(calls.takes).toBe(1));
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-loading');
    await user.click(button);
    expect(screen.queryByText('Backup taken')).not.toBeInTheDocument();

    take.open();
    expect(await screen.findByText('Backup taken')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: TAKEN.name })).toBeInTheDocument();
    expect(rowNames()).toEqual([TAKEN.name, NEWEST.name]);
    await waitFor(() => expect(button).toBeEnabled());
    expect(calls.takes).toBe(1);
    expect(calls.lists).toBe(2);
  });

  it("toasts the server's message when a backup cannot be taken", async () => {
    const calls = backupsBackend([NEWEST], { takeFailure: 'Not enough free disk space for a backup.' });
    signIn(admin);
    const { user } = renderApp('/admin/backups');
    await screen.findByRole('article', { name: NEWEST.name });
    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('Not enough free disk space for a backup.')).toBeInTheDocument();
    expect(screen.queryByText('Backup taken')).not.toBeInTheDocument();
    expect(rowNames()).toEqual([NEWEST.name]);
    expect(calls.takes).toBe(1);
  });

  describe('download', () => {
    const { createObjectURL, revokeObjectURL } = URL;
    let created: Blob[];
    let clicked: { href: string; download: string }[];

    beforeEach(() => {
      created = [];
      clicked = [];
      // jsdom has neither object URLs nor downloads: both are stubbed and recorded.
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          created.push(blob);
          return `blob:http://localhost/archive-${created.length}`;
        }),
        revokeObjectURL: vi.fn(),
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ href: this.href, download: this.download });
      });
    });

    afterEach(() => {
      vi.restoreAllMocks();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });

    it('fetches the archive with the bearer token and saves it under its name; only that row is busy meanwhile', async () => {
      const held = gate();
      const calls = backupsBackend([NEWEST, MIDDLE], { downloadGate: held.opened });
      signIn(admin);
      const { user } = renderApp('/admin/backups');
      const row = await screen.findByRole('article', { name: MIDDLE.name });
      const button = within(row).getByRole('button', { name: 'download' });
      await user.click(button);

      await waitFor(() => expect(calls.downloads).toEqual([{ name: MIDDLE.name, auth: 'Bearer test-token' }]));
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('data-loading');
      const other = within(screen.getByRole('article', { name: NEWEST.name })).getByRole('button', { name: 'download' });
      expect(other).toBeEnabled();
      expect(clicked).toEqual([]);

      held.open();
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:http://localhost/archive-1', download: MIDDLE.name }]));
      expect(created).toHaveLength(1);
      expect(Array.from(new Uint8Array(await created[0]!.arrayBuffer()))).toEqual(ARCHIVE_BYTES);
      await waitFor(() => expect(button).toBeEnabled());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it("toasts the server's message when the archive cannot be fetched, and saves nothing", async () => {
      // The list still shows an archive the server has since rotated away.
      const calls = backupsBackend([NEWEST]);
      server.use(
        http.get(adminUrl('/backups'), () => HttpResponse.json([NEWEST, OLDEST])),
      );
      signIn(admin);
      const { user } = renderApp('/admin/backups');
      const row = await screen.findByRole('article', { name: OLDEST.name });
      await user.click(within(row).getByRole('button', { name: 'download' }));
      expect(await screen.findByText('No such backup.')).toBeInTheDocument();
      expect(calls.downloads).toEqual([{ name: OLDEST.name, auth: 'Bearer test-token' }]);
      expect(created).toEqual([]);
      expect(clicked).toEqual([]);
      await waitFor(() => expect(within(row).getByRole('button', { name: 'download' })).toBeEnabled());
    });
  });
});
