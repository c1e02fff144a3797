import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, fill, renderApp, signIn } from '@/test/render';
import { server, testUser } from '@/test/server';
import type { PublishStatus } from '@/shared/api';
import { formatDateTime } from '@/shared/ui';
import type { AdminPublishRequest } from '../api/publishRequests';

const adminUrl = (path: string) => new URL(`/api/admin${path}`, window.location.origin).toString();
const admin = { ...testUser, role: 'admin' as const };

/** Confirms the shared confirm dialog titled `title`. */
async function confirm(user: ReturnType<typeof renderApp>['user'], title: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
}

const CLEAN_CHECK = { banned_words: [], name_taken: false, custom_ingredients: [], errors: [] };
const LENTILS = {
  value: 4,
  name: 'lentils',
  quantity: 2,
  measurement: 'cup(s)',
  treatment: 'rinsed',
  image: null,
  default_unit: 'cup(s)',
  custom: false,
};
const DRAGON_FRUIT = {
  value: null,
  name: 'dragon fruit',
  quantity: 1,
  measurement: 'unit(s)',
  treatment: null,
  image: null,
  default_unit: 'unit(s)',
  custom: true,
};

function makeRequest(id: number, name: string, overrides: Partial<AdminPublishRequest> = {}): AdminPublishRequest {
  return {
    id,
    entity_id: id + 100,
    entity_type: 'UserRecipe',
    status: 'pending',
    created_at: '2025-04-02T09:00:00Z',
    updated_at: '2025-04-02T09:00:00Z',
    error: null,
    author: { id: 5, name: 'bob_bakes', email: 'bob@example.com' },
    recipe: {
      user_recipe_id: id + 100,
      name,
      description: 'A warm bowl.',
      image: null,
      serves: 2,
      category_id: null,
      category: null,
      ingredients: [LENTILS],
      steps: [{ id: 's1', step_order: 1, title: 'Cook', description: 'Simmer.', timer: null, step_image: null }],
      published: false,
      recipe_id: null,
      created_at: '2025-04-01T09:00:00Z',
      updated_at: '2025-04-01T09:00:00Z',
    },
    check: CLEAN_CHECK,
    ...overrides,
  };
}

const SOUP = makeRequest(7, 'Dragon soup', {
  recipe: {
    ...makeRequest(7, 'Dragon soup').recipe,
    image: 'soup.jpg',
    serves: 4,
    category_id: 3,
    category: { category_id: 3, name: 'Soups' },
    description: 'Spicy and red.',
    ingredients: [LENTILS, DRAGON_FRUIT],
    // Out of order on purpose: the screen sorts by step_order.
    steps: [
      { id: 'b', step_order: 2, title: 'Simmer', description: 'Low heat.', timer: '00:20:00', step_image: null },
      { id: 'a', step_order: 1, title: 'Chop', description: 'Chop the fruit.', timer: null, step_image: null },
    ],
  },
  check: { banned_words: ['darn'], name_taken: true, custom_ingredients: ['dragon fruit'], errors: [] },
});
const BREAD = makeRequest(8, 'Plain bread');

interface Write {
  path: string;
  body: unknown;
}

/** An in-memory moderation backend: lists by status, approves and rejects; records every write and list call. */
function moderationBackend(initial: AdminPublishRequest[], options: { approve?: () => Response | undefined } = {}) {
  let requests = [...initial];
  const writes: Write[] = [];
  const lists: string[] = [];
  const setStatus = (id: number, status: PublishStatus, error: string | null = null) => {
    requests = requests.map((item) => (item.id === id ? { ...item, status, error } : item));
    return requests.find((item) => item.id === id);
  };
  server.use(
    http.get(adminUrl('/publish-requests'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? 'pending';
      lists.push(status);
      return HttpResponse.json(status === 'all' ? requests : requests.filter((item) => item.status === 'pending'));
    }),
    http.post(adminUrl('/publish-requests/:id/approve'), ({ params }) => {
      writes.push({ path: `/publish-requests/${String(params.id)}/approve`, body: null });
      const answer = options.approve?.();
      if (answer) return answer;
      return HttpResponse.json({ data: setStatus(Number(params.id), 'approved') });
    }),
    http.post(adminUrl('/publish-requests/:id/reject'), async ({ request, params }) => {
      const body = (await request.json()) as { reason: string };
      writes.push({ path: `/publish-requests/${String(params.id)}/reject`, body });
      return HttpResponse.json({ data: setStatus(Number(params.id), 'rejected', body.reason) });
    }),
  );
  return { writes, lists };
}

describe('/admin/publish-requests', () => {
  it('lists the pending requests with the author, the whole recipe and the publish check', async () => {
    const { lists } = moderationBackend([SOUP, BREAD]);
    signIn(admin);
    renderApp('/admin/publish-requests');

    const soup = await screen.findByRole('article', { name: 'Dragon soup' });
    expect(lists).toEqual(['pending']);
    expect(within(soup).getByText('pending')).toBeInTheDocument();
    expect(within(soup).getByText(/by bob_bakes/)).toBeInTheDocument();
    const email = within(soup).getByRole('link', { name: 'bob@example.com' });
    expect(email).toHaveAttribute('href', 'mailto:bob@example.com');
    expect(within(soup).getByText(`requested on ${formatDateTime(SOUP.created_at)}`)).toBeInTheDocument();
    expect(within(soup).getByRole('img', { name: 'Dragon soup' })).toHaveAttribute('src', '/uploads/soup.jpg');
    expect(within(soup).getByText('Serves').parentElement).toHaveTextContent('Serves 4');
    expect(within(soup).getByText('Category').parentElement).toHaveTextContent('Category Soups');
    expect(within(soup).getByText('Spicy and red.')).toBeInTheDocument();

    const items = (list: string) =>
      within(within(soup).getByRole('list', { name: list }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items('ingredients')).toEqual(['2 cups lentils, rinsed', '1 dragon fruitcustom']);
    expect(items('steps')).toEqual(['1. ChopChop the fruit.', '2. SimmerLow heat.Timer: 00:20:00']);
    expect(items('publish check warnings')).toEqual([
      'Banned words or symbols: darn',
      'Custom ingredients: dragon fruit',
      'This name is already taken.',
    ]);

    const bread = screen.getByRole('article', { name: 'Plain bread' });
    expect(within(bread).getByText('Publish check passed.')).toBeInTheDocument();
    expect(within(bread).queryByRole('list', { name: 'publish check warnings' })).not.toBeInTheDocument();
    expect(within(bread).getByRole('img', { name: 'Plain bread (no picture yet)' })).toHaveAttribute(
      'src',
      '/recipe-placeholder.svg',
    );
    expect(within(bread).getByText('Category').parentElement).toHaveTextContent('Category none');
  });

  it("shows 'No requests waiting.' when nothing is pending", async () => {
    moderationBackend([{ ...BREAD, status: 'approved' }]);
    signIn(admin);
    renderApp('/admin/publish-requests');
    expect(await screen.findByText('No requests waiting.')).toBeInTheDocument();
  });

  it('asks before approving; cancel sends nothing', async () => {
    const { writes } = moderationBackend([SOUP, BREAD]);
    signIn(admin);
    const { user } = renderApp('/admin/publish-requests');
    const bread = await screen.findByRole('article', { name: 'Plain bread' });
    await user.click(within(bread).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Plain bread?' });
    expect(dialog).toHaveTextContent('published to the catalogue');
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([]);
    expect(screen.getByRole('article', { name: 'Plain bread' })).toBeInTheDocument();
  });

  it('approves a request once confirmed and fetches the list again', async () => {
    const { writes, lists } = moderationBackend([SOUP, BREAD]);
    signIn(admin);
    const { user } = renderApp('/admin/publish-requests');
    const bread = await screen.findByRole('article', { name: 'Plain bread' });
    await user.click(within(bread).getByRole('button', { name: 'Approve' }));
    await confirm(user, 'Approve Plain bread?');

    expect(await screen.findByText('Recipe approved and published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Plain bread' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Dragon soup' })).toBeInTheDocument();
    expect(writes).toEqual([{ path: '/publish-requests/8/approve', body: null }]);
    expect(lists).toEqual(['pending', 'pending']);
  });

  it("shows the server's message when approving fails the re-check (409) and keeps the request", async () => {
    const { writes } = moderationBackend([SOUP], {
      approve: () => HttpResponse.json({ message: 'Contains banned words or symbols' }, { status: 409 }),
    });
    signIn(admin);
    const { user } = renderApp('/admin/publish-requests');
    const soup = await screen.findByRole('article', { name: 'Dragon soup' });
    await user.click(within(soup).getByRole('button', { name: 'Approve' }));
    await confirm(user, 'Approve Dragon soup?');

    expect(await within(soup).findByRole('alert')).toHaveTextContent('Contains banned words or symbols');
    expect(writes).toHaveLength(1);
    expect(within(soup).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('rejects only with a reason (1..500 characters) and sends it', async () => {
    const { writes, lists } = moderationBackend([SOUP]);
    signIn(admin);
    const { user } = renderApp('/admin/publish-requests');
    const soup = await screen.findByRole('article', { name: 'Dragon soup' });
    await user.click(within(soup).getByRole('button', { name: 'Reject' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject Dragon soup' });
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    await user.click(reject);
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText(/Reason/), '   ');
    await user.click(reject);
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText(/Reason/), 'x'.repeat(501));
    await user.click(reject);
    expect(await within(dialog).findByText('At most 500 characters.')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await fill(user, within(dialog).getByLabelText(/Reason/), '  Please name a real fruit.  ');
    await user.click(reject);
    expect(await screen.findByText('No requests waiting.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([{ path: '/publish-requests/7/reject', body: { reason: 'Please name a real fruit.' } }]);
    expect(lists).toEqual(['pending', 'pending']);
  });

  it('shows every request under All, with the rejection reason and no actions on handled ones', async () => {
    const { lists } = moderationBackend([{ ...SOUP, status: 'rejected', error: 'Too spicy.' }, BREAD]);
    signIn(admin);
    const { user, router } = renderApp('/admin/publish-requests');
    await screen.findByRole('article', { name: 'Plain bread' });
    expect(screen.queryByRole('article', { name: 'Dragon soup' })).not.toBeInTheDocument();

    await user.click(screen.getByText('All'));
    const soup = await screen.findByRole('article', { name: 'Dragon soup' });
    expect(currentPath(router)).toBe('/admin/publish-requests?status=all');
    expect(lists).toEqual(['pending', 'all']);
    expect(within(soup).getByText('rejected')).toBeInTheDocument();
    expect(within(soup).getByText('Reason:').parentElement).toHaveTextContent('Reason: Too spicy.');
    expect(within(soup).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(soup).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    const bread = screen.getByRole('article', { name: 'Plain bread' });
    expect(within(bread).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it("shows 'Not allowed' to a user without the admin role and calls nothing", async () => {
    signIn();
    renderApp('/admin/publish-requests');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Publish requests' })).not.toBeInTheDocument();
  });

  it("shows 'Not allowed' when the API answers 403", async () => {
    server.use(
      http.get(adminUrl('/publish-requests'), () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    );
    signIn(admin);
    renderApp('/admin/publish-requests');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Publish requests' })).not.toBeInTheDocument();
  });
});

describe('side menu', () => {
  async function menuLinks(signedInAs: typeof testUser | typeof admin) {
    signIn(signedInAs);
    const { user } = renderApp('/admin/publish-requests');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    return within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  }

  it('shows the admin entries after the others to administrators', async () => {
    moderationBackend([]);
    const links = await menuLinks(admin);
    expect(links.slice(-6)).toEqual([
      ['account', '/user-preferences'],
      ['manage news', '/admin/news'],
      ['publish requests', '/admin/publish-requests'],
      ['inbox', '/admin/inbox'],
      ['users', '/admin/users'],
      ['backups', '/admin/backups'],
    ]);
  });

  it('hides them from other users', async () => {
    const links = await menuLinks(testUser);
    expect(links.at(-1)).toEqual(['account', '/user-preferences']);
    expect(links.map(([, to]) => to)).not.toContain('/admin/publish-requests');
    expect(links.map(([, to]) => to)).not.toContain('/admin/news');
    expect(links.map(([, to]) => to)).not.toContain('/admin/inbox');
    expect(links.map(([, to]) => to)).not.toContain('/admin/users');
    expect(links.map(([, to]) => to)).not.toContain('/admin/backups');
  });
});
