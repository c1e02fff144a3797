import { clearSession, getToken } from '@/shared/session';
import type { paths } from './schema.gen';

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
 * A request outside the API's schema (a static file of the site, such as `/latest-version.json`):
 * the app's headers, error parsing and 401 handling, and an answer of unknown shape for the caller
 * to check. The API's own endpoints go through `api`, typed by the schema.
 */
export async function requestOutsideSchema(path: string, options: RequestOptions = {}): Promise<unknown> {
  const response = await send(path, options, 'application/json');
  return readBody(response);
}

// -- the API typed by its schema --------------------------------------------------------------------

type Method = 'get' | 'post' | 'put' | 'delete';
type SchemaPath = keyof paths;
const PWA_PREFIX = '/api/pwa';

/**
 * A path of the API as the app writes it, a template of the schema (`/user-shoppinglists/{list_id}`):
 * the app's own ones (under /api/pwa) without that prefix, the others in full (`/api/admin/users`).
 */
export type ApiPath = { [Path in SchemaPath]: Path extends `${typeof PWA_PREFIX}${infer Rest}` ? Rest : Path }[SchemaPath];
type SchemaPathOf<Path extends ApiPath> = Path extends SchemaPath
  ? Path
  : `${typeof PWA_PREFIX}${Path}` extends SchemaPath
    ? `${typeof PWA_PREFIX}${Path}`
    : never;

/** The paths that take `method`. */
export type ApiPathWith<M extends Method> = {
  [Path in ApiPath]: M extends keyof paths[SchemaPathOf<Path>] ? Path : never;
}[ApiPath];
type Operation<Path extends ApiPath, M extends Method> = M extends keyof paths[SchemaPathOf<Path>]
  ? paths[SchemaPathOf<Path>][M]
  : never;

/** The values of a path's `{names}`; a number may also be given as the text a route of the app carried. */
type PathParams<Op> = Op extends { parameters: { path: infer Params } }
  ? { [Name in keyof Params]: Params[Name] extends number ? number | string : Params[Name] }
  : never;
type QueryParams<Op> = Op extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;
type JsonContent<Content> = Content extends { 'application/json': infer Body } ? Body : never;

/**
 * The answer of a successful `method path`, as the schema declares it: the JSON body of its 200 or
 * 201, or null for a 204 (no body).
 */
export type ApiAnswer<Path extends ApiPath, M extends Method> =
  Operation<Path, M> extends { responses: infer Responses }
    ? Responses extends { 200: { content: infer Content } }
      ? JsonContent<Content>
      : Responses extends { 201: { content: infer Content } }
        ? JsonContent<Content>
        : Responses extends { 204: unknown }
          ? null
          : never
    : never;

/** The body `method path` takes: its JSON, a FormData for a multipart upload, or none. */
export type ApiBody<Path extends ApiPath, M extends Method> =
  Operation<Path, M> extends { requestBody: { content: infer Content } }
    ? Content extends { 'application/json': infer Body }
      ? Body
      : Content extends { 'multipart/form-data': unknown }
        ? FormData
        : never
    : Operation<Path, M> extends { requestBody?: { content: infer Content } }
      ? JsonContent<Content> | undefined
      : undefined;

type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'base'>;
/**
 * What a call takes besides its body: the values of the path's `{names}` (`params`, required when
 * the path has any) and its query string (`query`).
 */
export type ApiOptions<Path extends ApiPath, M extends Method> = CallOptions &
  ([PathParams<Operation<Path, M>>] extends [never]
    ? { params?: never }
    : { params: PathParams<Operation<Path, M>> }) &
  ([QueryParams<Operation<Path, M>>] extends [never] ? { query?: never } : { query?: QueryParams<Operation<Path, M>> });

/** A call's options: optional unless the path has `{names}` to fill. */
type OptionsArg<Path extends ApiPath, M extends Method> = [PathParams<Operation<Path, M>>] extends [never]
  ? [options?: ApiOptions<Path, M>]
  : [options: ApiOptions<Path, M>];
/** A call's body, then its options; a body may be left out when there is none to send. */
type BodyArgs<Path extends ApiPath, M extends Method> = undefined extends ApiBody<Path, M>
  ? [body?: ApiBody<Path, M>, ...OptionsArg<Path, M>]
  : [body: ApiBody<Path, M>, ...OptionsArg<Path, M>];

type QueryValue = string | number | boolean | null | undefined;

/** The URL path of a call: the `{names}` filled in (escaped), the query appended, under its base. */
function urlOf(path: string, params: object | undefined, query: object | undefined): { path: string; base: string } {
  const filled = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`No value for {${name}} of ${path}`);
    return encodeURIComponent(String(value));
  });
  const queryString = Object.entries((query ?? {}) as Record<string, QueryValue>)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  const withQuery = queryString ? `${filled}?${queryString}` : filled;
  // A path of the schema outside /api/pwa is written in full.
  return withQuery.startsWith('/api/') ? { path: withQuery, base: '' } : { path: withQuery, base: API_BASE };
}

async function call(method: Method, path: string, body: unknown, options: CallOptions & { params?: object; query?: object } = {}) {
  const { params, query, ...rest } = options;
  const url = urlOf(path, params, query);
  const response = await send(url.path, {
    ...rest,
    base: url.base,
    method: method.toUpperCase() as RequestOptions['method'],
    body,
  }, 'application/json');
  return readBody(response);
}

/**
 * The one client of the API: JSON (or a FormData) in, JSON out, bearer token, error parsing, 401
 * handling. Paths are the schema's templates, so the answer's type (and the body's, and the
 * path's `{names}`) come from the schema: `api.get('/user-shoppinglists/{list_id}', { params: { list_id } })`.
 */
export const api = {
  get: <Path extends ApiPathWith<'get'>>(path: Path, ...[options]: OptionsArg<Path, 'get'>) =>
    call('get', path, undefined, options) as Promise<ApiAnswer<Path, 'get'>>,
  post: <Path extends ApiPathWith<'post'>>(path: Path, ...[body, options]: BodyArgs<Path, 'post'>) =>
    call('post', path, body, options) as Promise<ApiAnswer<Path, 'post'>>,
  put: <Path extends ApiPathWith<'put'>>(path: Path, ...[body, options]: BodyArgs<Path, 'put'>) =>
    call('put', path, body, options) as Promise<ApiAnswer<Path, 'put'>>,
  delete: <Path extends ApiPathWith<'delete'>>(path: Path, ...[options]: OptionsArg<Path, 'delete'>) =>
    call('delete', path, undefined, options) as Promise<ApiAnswer<Path, 'delete'>>,
};

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
 * GET a file (an archive, an export) of the API with the same token, error parsing and 401
 * handling as `api`, as a Blob instead of JSON.
 */
export async function apiDownload<Path extends ApiPathWith<'get'>>(
  path: Path,
  ...[options]: OptionsArg<Path, 'get'>
): Promise<ApiFile> {
  const { params, query, ...rest } = (options ?? {}) as CallOptions & { params?: object; query?: object };
  const url = urlOf(path, params, query);
  const response = await send(url.path, { ...rest, base: url.base, method: 'GET' }, '*/*');
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    // The connection dropped while the bytes were coming in.
    if (rest.signal?.aborted) throw error;
    throw new ApiError(0, 'Network error', {}, null);
  }
  return { blob, filename: dispositionFilename(response.headers.get('Content-Disposition')) };
}
