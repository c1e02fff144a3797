import { useSyncExternalStore } from 'react';
import { api, type CompleteShopPayload, type CompleteShopResult, isApiError } from '@/shared/api';
import { getSession } from '@/shared/session';

/**
 * Completed shops waiting for the server: localStorage `shopping-outbox` = {request_id: entry}.
 *
 * Every 'complete shop' is written here first, then sent; it leaves only when the server answers
 * 2xx (done) or a 4xx that will not change on a retry (refused). A shop completed without network
 * therefore waits here ('waiting to sync') and is sent when the network returns or the app next
 * starts. The server applies a request_id once, so a send repeated after a lost answer (or from
 * two tabs) still stocks the store once.
 */
export const OUTBOX_KEY = 'shopping-outbox';

export interface OutboxEntry {
  requestId: string;
  /** Whose shop it is: only that account sends it. */
  userId: number | null;
  listId: number;
  listName: string;
  payload: CompleteShopPayload & { request_id: string };
  /** The values left unticked when the shop was completed (moved away when a target list was chosen). */
  unchecked: string[];
  queuedAt: string;
}

export type SendOutcome =
  | { status: 'sent'; result: CompleteShopResult; entry: OutboxEntry }
  | { status: 'refused'; error: unknown; entry: OutboxEntry }
  | { status: 'waiting'; error: unknown; entry: OutboxEntry };

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh request id (the server wants 8-64 of [A-Za-z0-9_-]). */
export function newRequestId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => ID_CHARS.charAt(byte % ID_CHARS.length)).join('');
}

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; entries: OutboxEntry[] } = { raw: null, entries: [] };

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(OUTBOX_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): OutboxEntry[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as Record<string, OutboxEntry> | null;
    if (!value || typeof value !== 'object') return [];
    return Object.values(value)
      .filter((entry) => entry && typeof entry.requestId === 'string' && typeof entry.listId === 'number')
      .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  } catch {
    return [];
  }
}

/** Every waiting shop, oldest first. */
export function readOutbox(): OutboxEntry[] {
  const raw = readRaw();
  if (raw !== snapshot.raw) snapshot = { raw, entries: parse(raw) };
  return snapshot.entries;
}

function write(entries: OutboxEntry[]): void {
  const value = Object.fromEntries(entries.map((entry) => [entry.requestId, entry]));
  try {
    if (entries.length === 0) window.localStorage.removeItem(OUTBOX_KEY);
    else window.localStorage.setItem(OUTBOX_KEY, JSON.stringify(value));
  } finally {
    listeners.forEach((listener) => listener());
  }
}

/** Keeps a completed shop until the server has it. */
export function enqueue(entry: OutboxEntry): void {
  write([...readOutbox().filter((item) => item.requestId !== entry.requestId), entry]);
}

export function dropEntry(requestId: string): void {
  write(readOutbox().filter((item) => item.requestId !== requestId));
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === OUTBOX_KEY) listeners.forEach((listener) => listener());
}

export function subscribeOutbox(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The waiting shops (of one list, when given), kept current across tabs. */
export function useOutbox(listId?: number): OutboxEntry[] {
  const entries = useSyncExternalStore(subscribeOutbox, readOutbox, readOutbox);
  return listId === undefined ? entries : entries.filter((entry) => entry.listId === listId);
}

/**
 * A 4xx the same request will get again: refused for good. 401 (signed out: it is sent after the
 * next sign-in), 408, 425 and 429 (try later) are not final; neither are 5xx nor network failures.
 */
export function isFinalRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status >= 400 && error.status < 500 && ![401, 408, 425, 429].includes(error.status);
}

const inFlight = new Map<string, Promise<SendOutcome>>();

/** True while the entry is being sent (a flush leaves it to whoever sends it). */
export function isSending(requestId: string): boolean {
  return inFlight.has(requestId);
}

/**
 * POST /user-shoppinglists/{id}/complete for a waiting shop. The entry leaves the outbox on a 2xx
 * or a final 4xx; otherwise it stays to be sent again. One send per entry at a time.
 */
export function sendEntry(entry: OutboxEntry): Promise<SendOutcome> {
  const running = inFlight.get(entry.requestId);
  if (running) return running;
  const sending = api
    .post('/user-shoppinglists/{list_id}/complete', entry.payload, { params: { list_id: entry.listId } })
    .then(
      (answer): SendOutcome => {
        dropEntry(entry.requestId);
        return { status: 'sent', result: answer.data, entry };
      },
      (error: unknown): SendOutcome => {
        if (isFinalRefusal(error)) {
          dropEntry(entry.requestId);
          return { status: 'refused', error, entry };
        }
        return { status: 'waiting', error, entry };
      },
    )
    .finally(() => inFlight.delete(entry.requestId));
  inFlight.set(entry.requestId, sending);
  return sending;
}

async function flushOnce(report: (outcome: SendOutcome) => void): Promise<void> {
  const { user, signedIn } = getSession();
  if (!signedIn || !user) return;
  for (const entry of readOutbox()) {
    // Sent meanwhile by someone else (the dialog, another flush): never sent twice.
    const stillWaiting = readOutbox().some((item) => item.requestId === entry.requestId);
    if (!stillWaiting || entry.userId !== user.id || isSending(entry.requestId)) continue;
    const outcome = await sendEntry(entry);
    report(outcome);
    if (outcome.status === 'waiting') return;
  }
}

let flushing: Promise<void> | null = null;
let flushAgain = false;

/**
 * Sends every waiting shop of the signed-in user, oldest first, skipping those already being
 * sent; stops at the first that must wait (the network is still gone). Reports each outcome. One
 * flush runs at a time: a call during a flush makes it go round once more.
 */
export function flushOutbox(report: (outcome: SendOutcome) => void): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      flushAgain = false;
      await flushOnce(report);
    } while (flushAgain);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** What the list will look like once its waiting shops are applied: the values they take away. */
export function pendingRemovals(entries: readonly OutboxEntry[]): { values: Set<string>; deleting: boolean } {
  const values = new Set<string>();
  let deleting = false;
  for (const entry of entries) {
    if (entry.payload.delete_list) deleting = true;
    if (entry.payload.store_checked !== false) for (const value of entry.payload.checked ?? []) values.add(String(value));
    if (entry.payload.move_unchecked_to) for (const value of entry.unchecked) values.add(value);
  }
  return { values, deleting };
}
