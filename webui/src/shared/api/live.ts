import { useSyncExternalStore } from 'react';
import { createParser } from 'eventsource-parser';
import { API_BASE } from './client';

/**
 * The live stream of changes (GET /api/pwa/events, server-sent events). It is read with fetch,
 * not EventSource, because EventSource cannot send the bearer header.
 */

/** A change of a list, store or plan the user may see, as the server sends it. */
export interface LiveChange {
  type: 'UserShoppinglist' | 'UserFoodStore' | 'UserMealplan' | (string & {});
  id: number;
  kind: 'updated' | 'deleted' | (string & {});
  /** The tab whose request made the change (its `clientId`), or null. */
  origin: string | null;
}

export interface LiveHandlers {
  /** The stream is subscribed: anything changed before this moment must be read again. */
  onReady: () => void;
  onChange: (change: LiveChange) => void;
  /** Changes were dropped on the server (this tab fell behind): read everything again. */
  onResync: () => void;
}

/** Why a stream ended without an error: the server closed it, or the session is gone (401). */
export type StreamEnd = 'closed' | 'unauthorized';

function parseChange(data: string): LiveChange | null {
  try {
    const value = JSON.parse(data) as Partial<LiveChange>;
    if (typeof value.type !== 'string' || typeof value.id !== 'number' || typeof value.kind !== 'string') return null;
    return { type: value.type, id: value.id, kind: value.kind, origin: value.origin ?? null };
  } catch {
    return null;
  }
}

/** Reads one stream until it ends (resolves) or fails (rejects); abort `signal` to stop it. */
export async function readLiveStream(token: string, handlers: LiveHandlers, signal: AbortSignal): Promise<StreamEnd> {
  const response = await fetch(`${API_BASE}/events`, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
    cache: 'no-store',
    signal,
  });
  if (response.status === 401) return 'unauthorized';
  if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
  const parser = createParser({
    onEvent: (message) => {
      if (message.event === 'ready') handlers.onReady();
      else if (message.event === 'resync') handlers.onResync();
      else if (message.event === 'change') {
        const change = parseChange(message.data);
        if (change) handlers.onChange(change);
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'closed';
    parser.feed(value);
  }
}

/** Whether changes arrive live ('live') or the app must poll for them ('down'). */
export type LiveStatus = 'live' | 'down';

let status: LiveStatus = 'down';
const listeners = new Set<() => void>();

export function liveStatus(): LiveStatus {
  return status;
}

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribeLiveStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, liveStatus, liveStatus);
}

/**
 * A refetch interval that polls only while the stream is down (the spec's 30 s re-fetch of a
 * shared list is the fallback; live changes make it unnecessary).
 */
export function pollWhileDown(intervalMs: number): number | false {
  return status === 'live' ? false : intervalMs;
}
