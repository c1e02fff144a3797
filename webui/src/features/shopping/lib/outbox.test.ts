import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setUnauthorizedHandler } from '@/shared/api';
import { signIn } from '@/test/render';
import { apiUrl, server, testUser } from '@/test/server';
import {
  enqueue,
  flushOutbox,
  isFinalRefusal,
  newRequestId,
  OUTBOX_KEY,
  type OutboxEntry,
  pendingRemovals,
  readOutbox,
  type SendOutcome,
  sendEntry,
} from './outbox';

function entry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  const requestId = overrides.requestId ?? newRequestId();
  return {
    requestId,
    userId: testUser.id,
    listId: 7,
    listName: 'Weekly shop',
    payload: { request_id: requestId, checked: ['1'], store_checked: true, store_id: 1, delete_list: false },
    unchecked: [],
    queuedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** The complete endpoint answering `status`, counting the calls per request id. */
function completeAnswers(status: number | 'network') {
  const calls: string[] = [];
  server.use(
    http.post(apiUrl('/user-shoppinglists/:id/complete'), async ({ request }) => {
      const body = (await request.json()) as { request_id: string };
      calls.push(body.request_id);
      if (status === 'network') return HttpResponse.error();
      if (status >= 400) return HttpResponse.json({ message: 'no' }, { status });
      return HttpResponse.json({
        data: { request_id: body.request_id, stored: 1, store_id: 1, moved: 0, moved_to: null, list_deleted: false },
      });
    }),
  );
  return calls;
}

afterEach(() => window.localStorage.clear());

describe('newRequestId', () => {
  it('makes ids the server accepts, different each time', () => {
    const ids = Array.from({ length: 20 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(new Set(ids).size).toBe(20);
  });
});

describe('the outbox', () => {
  it('keeps entries under localStorage shopping-outbox, keyed by request id', () => {
    const first = entry();
    enqueue(first);
    enqueue(first);
    const stored = JSON.parse(window.localStorage.getItem(OUTBOX_KEY) ?? '{}') as Record<string, OutboxEntry>;
    expect(Object.keys(stored)).toEqual([first.requestId]);
    expect(readOutbox()).toEqual([first]);
  });

  it.each([
    [200, 'sent', false],
    [422, 'refused', false],
    [404, 'refused', false],
    [403, 'refused', false],
    [500, 'waiting', true],
    [503, 'waiting', true],
    [429, 'waiting', true],
    ['network' as const, 'waiting', true],
  ])('an answer %s: %s, kept %s', async (status, outcome, kept) => {
    signIn();
    completeAnswers(status);
    const waiting = entry();
    enqueue(waiting);
    const result = await sendEntry(waiting);
    expect(result.status).toBe(outcome);
    expect(readOutbox().length > 0).toBe(kept);
  });

  it('a 401 keeps the shop for the next sign-in', async () => {
    signIn();
    const restore = setUnauthorizedHandler(() => {});
    try {
      completeAnswers(401);
      const waiting = entry();
      enqueue(waiting);
      expect((await sendEntry(waiting)).status).toBe('waiting');
      expect(readOutbox()).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('isFinalRefusal: only 4xx that a retry would not change', () => {
    expect(isFinalRefusal(new Error('x'))).toBe(false);
  });

  it('sends each waiting shop exactly once however many flushes run at once', async () => {
    signIn();
    const calls = completeAnswers(200);
    const shops = [entry({ queuedAt: '2025-01-01T00:00:00Z' }), entry({ queuedAt: '2025-01-01T00:00:01Z' })];
    shops.forEach(enqueue);
    const outcomes: SendOutcome[] = [];
    const report = (outcome: SendOutcome) => outcomes.push(outcome);
    await Promise.all([
      flushOutbox(report),
      flushOutbox(report),
      sendEntry(shops[0]!),
      flushOutbox(report),
      sendEntry(shops[1]!),
    ]);
    await flushOutbox(report);
    expect(calls.sort()).toEqual(shops.map((shop) => shop.requestId).sort());
    expect(readOutbox()).toEqual([]);
  });

  it('stops at the first shop that must wait and sends it later', async () => {
    signIn();
    const down = completeAnswers('network');
    const shops = [entry({ queuedAt: '2025-01-01T00:00:00Z' }), entry({ queuedAt: '2025-01-01T00:00:01Z' })];
    shops.forEach(enqueue);
    await flushOutbox(() => {});
    expect(down).toEqual([shops[0]!.requestId]);
    expect(readOutbox()).toHaveLength(2);

    const up = completeAnswers(200);
    await flushOutbox(() => {});
    expect(up).toEqual(shops.map((shop) => shop.requestId));
    expect(readOutbox()).toEqual([]);
  });

  it("sends only the signed-in user's shops", async () => {
    signIn();
    const calls = completeAnswers(200);
    enqueue(entry({ userId: 999 }));
    await flushOutbox(() => {});
    expect(calls).toEqual([]);
    expect(readOutbox()).toHaveLength(1);
  });

  it('sends nothing when nobody is signed in', async () => {
    const calls = completeAnswers(200);
    enqueue(entry());
    await flushOutbox(() => {});
    expect(calls).toEqual([]);
  });

  it('pendingRemovals: the stored items, and the moved ones when moved', () => {
    const stored = entry({ payload: { request_id: 'abcdefgh', checked: ['1', '2'], store_checked: true } });
    const moved = entry({
      payload: { request_id: 'abcdefgi', checked: ['3'], store_checked: false, move_unchecked_to: 9 },
      unchecked: ['4'],
    });
    const removal = pendingRemovals([stored, moved]);
    expect([...removal.values].sort()).toEqual(['1', '2', '4']);
    expect(removal.deleting).toBe(false);
    expect(pendingRemovals([entry({ payload: { request_id: 'abcdefgj', delete_list: true } })]).deleting).toBe(true);
  });
});
