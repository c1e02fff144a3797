import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill, renderApp, signIn } from '@/test/render';
import { server, testUser } from '@/test/server';

const adminUrl = (path: string) => new URL(`/api/admin${path}`, window.location.origin).toString();
const admin = { ...testUser, role: 'admin' as const };

interface Item {
  id: number;
  title: string;
  HtmlContent: string;
  created_at: string;
}

/** An in-memory news store behind the admin calls; records every write. */
function newsBackend(initial: Item[] = []) {
  let items = [...initial];
  const writes: { method: string; path: string; body: unknown }[] = [];
  server.use(
    http.get(adminUrl('/news'), () => HttpResponse.json(items)),
    http.post(adminUrl('/news'), async ({ request }) => {
      const body = (await request.json()) as Omit<Item, 'id' | 'created_at'>;
      writes.push({ method: 'POST', path: '/news', body });
      const item = { id: items.length + 10, created_at: '2025-05-01T12:00:00Z', ...body };
      items = [item, ...items];
      return HttpResponse.json(item, { status: 201 });
    }),
    http.put(adminUrl('/news/:id'), async ({ request, params }) => {
      const body = (await request.json()) as Omit<Item, 'id' | 'created_at'>;
      writes.push({ method: 'PUT', path: `/news/${String(params.id)}`, body });
      items = items.map((item) => (item.id === Number(params.id) ? { ...item, ...body } : item));
      return HttpResponse.json(items.find((item) => item.id === Number(params.id)));
    }),
    http.delete(adminUrl('/news/:id'), ({ params }) => {
      writes.push({ method: 'DELETE', path: `/news/${String(params.id)}`, body: null });
      items = items.filter((item) => item.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return writes;
}

const SOUP: Item = { id: 3, title: 'Soup season', HtmlContent: '<p>Bring a <em>big</em> pot.</p>', created_at: '2025-04-02T09:00:00Z' };

describe('/admin/news', () => {
  it("shows 'Not allowed' to a user without the admin role and calls nothing", async () => {
    signIn();
    renderApp('/admin/news');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New news item' })).not.toBeInTheDocument();
  });

  it('lists the news and publishes a new item', async () => {
    const writes = newsBackend([SOUP]);
    signIn(admin);
    const { user } = renderApp('/admin/news');
    const item = await screen.findByRole('article', { name: 'Soup season' });
    expect(within(item).getByText('big').tagName).toBe('EM');

    await user.click(screen.getByRole('button', { name: 'New news item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New news item' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('A title is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Some content is required.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Title'), 'Bread day');
    await fill(user, within(dialog).getByLabelText('Content (HTML)'), '<p>Fresh loaves.</p>');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('article', { name: 'Bread day' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([{ method: 'POST', path: '/news', body: { title: 'Bread day', HtmlContent: '<p>Fresh loaves.</p>' } }]);
  });

  it('edits an item', async () => {
    const writes = newsBackend([SOUP]);
    signIn(admin);
    const { user } = renderApp('/admin/news');
    await user.click(await screen.findByRole('button', { name: 'Edit Soup season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit news item' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Soup season');
    await fill(user, within(dialog).getByLabelText('Title'), 'Stew season');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('article', { name: 'Stew season' })).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'PUT', path: '/news/3', body: { title: 'Stew season', HtmlContent: SOUP.HtmlContent } },
    ]);
  });

  it("deletes after the confirm dialog 'Delete {title}?'; cancel keeps the item", async () => {
    const writes = newsBackend([SOUP]);
    signIn(admin);
    const { user } = renderApp('/admin/news');
    await user.click(await screen.findByRole('button', { name: 'Delete Soup season' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Soup season?' });
    expect(within(dialog).getByText('This action cannot be undone')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Soup season' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Soup season?' });
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('No news yet. Write the first item for your household.')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'DELETE', path: '/news/3', body: null }]);
  });
});
