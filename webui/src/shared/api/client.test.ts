import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, server, testUser } from '@/test/server';
import { api, ApiError, apiDownload, dispositionFilename, requestOutsideSchema, setUnauthorizedHandler } from './client';

function storeSession() {
  window.localStorage.setItem('token', 'tok-123');
  window.localStorage.setItem('user', JSON.stringify(testUser));
  window.localStorage.setItem('saved_recipes', '[1,2]');
}

describe('api client', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it('sends JSON with the bearer token when one is stored', async () => {
    storeSession();
    let seen: { auth: string | null; type: string | null; body: unknown } | null = null;
    server.use(
      http.post(apiUrl('/contact'), async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json({ ok: true });
      }),
    );
    const message = { name: 'Ann', email: 'ann@example.com', message: 'Hi' };
    await expect(api.post('/contact', message)).resolves.toEqual({ ok: true });
    expect(seen).toEqual({ auth: 'Bearer tok-123', type: 'application/json', body: message });
  });

  it('sends no Authorization header without a token, or when auth is off', async () => {
    const headers: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/dashboard'), ({ request }) => {
        headers.push(request.headers.get('authorization'));
        return HttpResponse.json({});
      }),
    );
    await api.get('/dashboard');
    storeSession();
    await api.get('/dashboard', { auth: false });
    expect(headers).toEqual([null, null]);
  });

  it('parses {message, errors} of an error answer into an ApiError', async () => {
    server.use(
      http.put(apiUrl('/account/update'), () =>
        HttpResponse.json({ message: 'Validation failed', errors: { email: ['Taken', 'Other'] } }, { status: 422 }),
      ),
    );
    const error = await api.put('/account/update', { name: 'Ann', email: 'taken@example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('Validation failed');
    expect(apiError.errors).toEqual({ email: ['Taken', 'Other'] });
    expect(apiError.firstFieldError()).toBe('Taken');
  });

  it('gives a usable message for a non-JSON error body', async () => {
    server.use(http.get(apiUrl('/dashboard'), () => new HttpResponse('Bad gateway', { status: 502 })));
    const error = (await api.get('/dashboard').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe('Bad gateway');
    expect(error.errors).toEqual({});
  });

  it('on a 401 to a tokened request clears token, user and saved recipes and redirects', async () => {
    storeSession();
    window.localStorage.setItem('tutorial_enabled', 'true');
    const onUnauthorized = vi.fn();
    restore = setUnauthorizedHandler(onUnauthorized);
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));

    const error = (await api.get('/account').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('saved_recipes')).toBeNull();
    expect(window.localStorage.getItem('tutorial_enabled')).toBe('true');
  });

  it('does not sign out on a 401 to a request that carried no token (bad login)', async () => {
    const onUnauthorized = vi.fn();
    restore = setUnauthorizedHandler(onUnauthorized);
    server.use(http.post(apiUrl('/login'), () => HttpResponse.json({ message: 'Bad credentials' }, { status: 401 })));
    const error = (await api.post('/login', { email: 'a@example.com', password: 'wrong' }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Bad credentials');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a FormData as multipart/form-data (the browser sets the boundary), with the bearer token', async () => {
    storeSession();
    let seen: { auth: string | null; type: string | null; file: boolean } | null = null;
    server.use(
      http.post(apiUrl('/uploads'), async ({ request }) => {
        const file = (await request.formData()).get('file');
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          file: file !== null && typeof file === 'object',
        };
        return HttpResponse.json({ image: 'x.jpg' }, { status: 201 });
      }),
    );
    const form = new FormData();
    form.append('file', new Blob(['jpeg'], { type: 'image/jpeg' }), 'photo.jpg');
    await expect(api.post('/uploads', form)).resolves.toEqual({ image: 'x.jpg' });
    expect(seen).toMatchObject({ auth: 'Bearer tok-123', file: true });
    expect(seen!.type).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    server.use(http.get(apiUrl('/dashboard'), () => HttpResponse.error()));
    const error = (await api.get('/dashboard').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });
});

describe('api paths', () => {
  it("fills the path's {names} (escaped) and appends the query; a path outside /api/pwa is written in full", async () => {
    const seen: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      seen.push(url.pathname + url.search);
      return HttpResponse.json({ data: [] });
    };
    server.use(
      http.get(apiUrl('/user-imported-recipes/:id'), record),
      http.get(apiUrl('/recipe-search'), record),
      http.get('/api/admin/publish-requests', record),
    );
    await api.get('/user-imported-recipes/{import_id}', { params: { import_id: 'a/b' } });
    await api.get('/recipe-search', { query: { page: 2, search: 'rice & peas' } });
    await api.get('/api/admin/publish-requests', { query: { status: 'pending' } });
    expect(seen).toEqual([
      '/api/pwa/user-imported-recipes/a%2Fb',
      '/api/pwa/recipe-search?page=2&search=rice%20%26%20peas',
      '/api/admin/publish-requests?status=pending',
    ]);
  });

  it('reads a file outside the schema with the same headers, its answer unknown', async () => {
    server.use(http.get('/latest-version.json', () => HttpResponse.json({ currentVersion: '1.2.3' })));
    await expect(requestOutsideSchema('/latest-version.json', { base: '', auth: false })).resolves.toEqual({
      currentVersion: '1.2.3',
    });
  });
});

describe('apiDownload', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it('fetches a file with the bearer token and answers its bytes and its name', async () => {
    storeSession();
    let auth: string | null = null;
    server.use(
      http.get('/api/admin/backups/:name', ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="larder-backup-20261124-031500.zip"',
          },
        });
      }),
    );
    const file = await apiDownload('/api/admin/backups/{name}', { params: { name: 'a.zip' } });
    expect(auth).toBe('Bearer tok-123');
    expect(file.filename).toBe('larder-backup-20261124-031500.zip');
    expect(file.blob.type).toBe('application/zip');
    expect(Array.from(new Uint8Array(await file.blob.arrayBuffer()))).toEqual([80, 75, 3, 4]);
  });

  it("throws the server's message of an error answer as an ApiError", async () => {
    storeSession();
    server.use(
      http.get('/api/admin/backups/gone.zip', () => HttpResponse.json({ message: 'No such backup.' }, { status: 404 })),
    );
    const error = (await apiDownload('/api/admin/backups/{name}', { params: { name: 'gone.zip' } }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.message).toBe('No such backup.');
  });

  it('signs out on a 401 like every other request', async () => {
    storeSession();
    const onUnauthorized = vi.fn();
    restore = setUnauthorizedHandler(onUnauthorized);
    server.use(http.get('/api/admin/backups/x.zip', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    const error = (await apiDownload('/api/admin/backups/{name}', { params: { name: 'x.zip' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(dispositionFilename('attachment; filename="a b.zip"')).toBe('a b.zip');
    expect(dispositionFilename('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(dispositionFilename('attachment; filename="q\\"x.zip"')).toBe('q"x.zip');
    expect(dispositionFilename("attachment; filename*=utf-8''caf%C3%A9.zip; filename=\"cafe.zip\"")).toBe('café.zip');
    expect(dispositionFilename("attachment; filename=\"cafe.zip\"; filename*=UTF-8''caf%C3%A9.zip")).toBe('café.zip');
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });
});
