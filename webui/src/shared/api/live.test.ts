import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, liveStream, server } from '@/test/server';
import { type LiveChange, liveStatus, pollWhileDown, readLiveStream, setLiveStatus } from './live';

function recorder() {
  const seen: string[] = [];
  const changes: LiveChange[] = [];
  return {
    seen,
    changes,
    handlers: {
      onReady: () => seen.push('ready'),
      onResync: () => seen.push('resync'),
      onChange: (change: LiveChange) => {
        seen.push('change');
        changes.push(change);
      },
    },
  };
}

describe('readLiveStream', () => {
  it('reads ready, changes split across chunks, keep-alives and resync until the stream ends', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(apiUrl('/events'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return liveStream(
          [
            'event: ready\ndata: {}\nretry: 2000\n\n',
            ': keep-alive\n\n',
            'event: change\ndata: {"type":"UserShoppinglist","id":4,',
            '"kind":"updated","origin":"tab-1"}\n\n',
            'event: change\ndata: not json\n\n',
            'event: resync\ndata: {}\n\n',
            'event: change\ndata: {"type":"UserFoodStore","id":9,"kind":"deleted","origin":null}\n\n',
          ],
          { end: true },
        );
      }),
    );
    const { seen, changes, handlers } = recorder();
    const end = await readLiveStream('token-1', handlers, new AbortController().signal);
    expect(end).toBe('closed');
    expect(authorization).toBe('Bearer token-1');
    expect(seen).toEqual(['ready', 'change', 'resync', 'change']);
    expect(changes).toEqual([
      { type: 'UserShoppinglist', id: 4, kind: 'updated', origin: 'tab-1' },
      { type: 'UserFoodStore', id: 9, kind: 'deleted', origin: null },
    ]);
  });

  it('says unauthorized on a 401 and fails on any other error answer', async () => {
    server.use(http.get(apiUrl('/events'), () => HttpResponse.json({ message: 'x' }, { status: 401 })));
    await expect(readLiveStream('t', recorder().handlers, new AbortController().signal)).resolves.toBe('unauthorized');
    server.use(http.get(apiUrl('/events'), () => HttpResponse.json({ message: 'x' }, { status: 503 })));
    await expect(readLiveStream('t', recorder().handlers, new AbortController().signal)).rejects.toThrow('503');
  });
});

describe('pollWhileDown', () => {
  afterEach(() => setLiveStatus('down'));

  it('polls only while live changes are not arriving', () => {
    setLiveStatus('down');
    expect(pollWhileDown(30_000)).toBe(30_000);
    setLiveStatus('live');
    expect(liveStatus()).toBe('live');
    expect(pollWhileDown(30_000)).toBe(false);
  });
});
