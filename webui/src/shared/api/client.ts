import { clearSession, getToken } from '@/shared/session';

/** Base path of the app's JSON API. */
export const API_BASE = '/api/pwa';

function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
}

/**
 * This tab's id, sent with every API request and echoed by the server in the live changes those
 * requests make, so the tab can skip its own echo (its own answer has already updated it).
 */
export const clientId = randomId();
export const CLIENT_HEADER = 'X-Larder-Client';

export type FieldErrors = Record<string, string[]>;

/** An error answer of the API: `{message, errors?}` (plus whatever else the body carried). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** The first message of the `errors` map, if any. */
  firstFieldError(): string | undefined {
    for (const messages of Object.values(this.errors)) {
      if (messages.length > 0) return messages[0];
    }
    return undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart/form-data (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  /** Do not sign out and redirect on a 401 answer (used by logout itself). */
  skipAuthRedirect?: boolean;
  /** Base path; `/api/pwa` unless given (e.g. '' for `/latest-version.json`, '/api' for `/api/health`). */
  base?: string;
  /** Let the request outlive the page (a save sent while the tab closes; bodies up to 64 KB). */
  keepalive?: boolean;
}

function defaultUnauthorizedHandler(): void {
  window.location.assign('/login');
}

let unauthorizedHandler: () => void = defaultUnauthorizedHandler;

/**
 * Sets what happens after a 401 answer to a request that carried a token (the session has
 * already been cleared by then). The app installs a router navigation; the default is a full
 * redirect to /login. Returns a function that restores the previous handler.
 */
export function setUnauthorizedHandler(handler: () => void): () => void {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  return () => {
    unauthorizedHandler = previous;
  };
}

function toFieldErrors(value: unknown): FieldErrors {
  const result: FieldErrors = {};
  if (!value || typeof value !== 'object') return result;
  for (const [field, messages] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(messages)) result[field] = messages.map(String);
    else if (typeof messages === 'string') result[field] = [messages];
  }
  return result;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  let message = `Request failed with status ${status}`;
  let errors: FieldErrors = {};
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message) message = record.message;
    else if (typeof record.error === 'string' && record.error) message = record.error;
    errors = toFieldErrors(record.errors);
  } else if (typeof body === 'string' && body.trim()) {
    message = body.trim().slice(0, 200);
  }
  return new ApiError(status, message, errors, body);
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

/**
 * Sends one request to the API with the app's headers (client id, bearer token) and answers its
 * response; an error answer is thrown as an ApiError, after the sign-out a 401 calls for.
 */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, signal, auth = true, skipAuthRedirect = false, base = API_BASE, keepalive } = options;
  const headers: Record<string, string> = { Accept: accept, [CLIENT_HEADER]: clientId };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData gets no Content-Type here: the browser sets multipart/form-data with its boundary.
  const form = isFormData(body);
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';

  const url = new URL(`${base}${path}`, window.location.origin).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Network error', {}, null);
  }

  if (!response.ok) {
    const data = await readBody(response);
    if (response.status === 401 && token && !skipAuthRedirect) {
      clearSession();
      unauthorizedHandler();
    }
    throw toApiError(response.status, data);
  }
  return response;
}

/**
 * The one fetch wrapper of the app, uploads included: JSON (or a FormData) in, JSON out, bearer
 * token, error parsing, 401 handling.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  return (await readBody(response)) as T;
}

/** A file the API sent: its bytes, and its name from Content-Disposition (null without one). */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''...` first, else `filename=`. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return name || null;
}

/**
 * GET a file (an archive, an export) with the same token, error parsing and 401 handling as
 * `apiRequest`, as a Blob instead of JSON.
 */
export async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body' | 'keepalive'> = {},
): Promise<ApiFile> {
  const response = await send(path, { ...options, method: 'GET' }, '*/*');
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    // The connection dropped while the bytes were coming in.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'Network error', {}, null);
  }
  return { blob, filename: dispositionFilename(response.headers.get('Content-Disposition')) };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
