import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Absolute URL of an API path as the client requests it (jsdom's origin). */
export function apiUrl(path: string): string {
  return new URL(`/api/pwa${path}`, window.location.origin).toString();
}

export const testUser = {
  id: 1,
  name: 'alice_cook',
  email: 'alice@example.com',
  email_verified: true,
  role: 'user' as const,
  created_at: '2025-01-01T00:00:00Z',
};

/** A text/event-stream answer that sends `chunks` and stays open (as the server's does). */
export function liveStream(chunks: string[], options: { end?: boolean } = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (options.end) controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

/** Handlers every test may rely on; tests add their own with `server.use`. */
export const defaultHandlers = [
  http.get(apiUrl('/account'), () => {
    const raw = window.localStorage.getItem('user');
    return HttpResponse.json(raw ? (JSON.parse(raw) as object) : testUser);
  }),
  // The live event stream of a signed-in app: open and quiet (a test that wants `ready` or changes
  // sends them with its own handler).
  http.get(apiUrl('/events'), () => liveStream([])),
  http.post(apiUrl('/logout'), () => HttpResponse.json({ message: 'Logged out.' })),
  // The side menu reads the number of expired and expiring items while it is open.
  http.get(apiUrl('/notifications'), () => HttpResponse.json({ data: { expired: [], expiring: [] } })),
  // The dashboard (the page after sign-in) reads everything it shows in one call.
  http.get(apiUrl('/dashboard'), () =>
    HttpResponse.json({ data: { today: [], tomorrow: [], lists: [], default_store: null } }),
  ),
  // The dashboard's 'Use it up' card asks for suggestions beside it (none unless a test serves some).
  http.post(apiUrl('/recipe-suggestions'), () => HttpResponse.json({ data: [] })),
  // Account settings read the daily expiry e-mail's settings.
  http.get(apiUrl('/notifications/settings'), () =>
    HttpResponse.json({ data: { expiry_email: false, expiry_email_hour: 8 } }),
  ),
  // Account settings read the calendar feed's address (none yet).
  http.get(apiUrl('/calendar-feed'), () => HttpResponse.json({ data: { url: null, created_at: null } })),
];

export const server = setupServer(...defaultHandlers);
