import { RestError } from '../api-errors.ts';
import { getAccessToken } from '../auth-token.ts';
import { refreshSession } from '../auth-session.ts';
import { statusAwareFetch } from '../service-status.ts';
import type { paths } from './generated/openapi.ts';

/**
 * The web's one REST client (docs/architecture.md "How does the web call REST?"). Every path, parameter, body and
 * answer is typed from apps/web/src/lib/api/generated/openapi.ts, which `npm run codegen` writes from the server's
 * own description (docs/openapi.json). One request helper does what every call needs: the bearer token and the
 * language, the refresh cookie, one new token and one retry on a 401, the 503 maintenance signal, and a failure
 * thrown as a RestError with the server's catalogue code, message and details.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that have an operation for a method. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

/** The operation of a path and method, as the generated types describe it. */
export type ApiOperation<P extends keyof paths, M extends Method> = Exclude<paths[P][M], undefined>;

type ParametersOf<O> = O extends { parameters: infer Q } ? Q : never;
type PathParams<O> = ParametersOf<O> extends { path: infer X } ? X : never;
type QueryParams<O> = ParametersOf<O> extends { query?: infer X } ? Exclude<X, undefined> : never;
type BodyOf<O> = O extends { requestBody?: { content: infer C } }
  ? C extends { 'application/json': infer B }
    ? B
    : C extends { 'multipart/form-data': unknown }
      ? FormData
      : never
  : never;
type SuccessCode = 200 | 201 | 202 | 204;
type Successes<O> = O extends { responses: infer R } ? R[Extract<keyof R, SuccessCode>] : never;
type JsonOf<S> = S extends { content: { 'application/json': infer J } } ? J : undefined;

/** What a route answers when it succeeds (its JSON; undefined for a 204 or a non-JSON answer). */
export type ApiAnswer<P extends keyof paths, M extends Method> = JsonOf<Successes<ApiOperation<P, M>>>;
/** The JSON body a route takes. */
export type ApiBody<P extends keyof paths, M extends Method> = BodyOf<ApiOperation<P, M>>;
/** The query a route takes. */
export type ApiQuery<P extends keyof paths, M extends Method> = QueryParams<ApiOperation<P, M>>;

type IfNever<T, Then, Else> = [T] extends [never] ? Then : Else;

/** What one call carries besides its path: the path's parameters, the query, the body, and fetch's own options. */
export type ApiOptions<O> = IfNever<PathParams<O>, { path?: undefined }, { path: PathParams<O> }> &
  IfNever<QueryParams<O>, { query?: undefined }, { query?: QueryParams<O> }> &
  IfNever<BodyOf<O>, { body?: undefined }, { body: BodyOf<O> }> & {
    signal?: AbortSignal;
    cache?: RequestCache;
  };

type Args<O> = object extends ApiOptions<O> ? [options?: ApiOptions<O>] : [options: ApiOptions<O>];

/** Paths whose 401 is an answer, not an expired token: the identity routes themselves. */
const NO_REFRESH = /^\/auth\//;

/** The address of a path with its parameters put in and its query appended. */
export function apiUrl(path: string, params?: Record<string, unknown>, query?: object): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

interface RawOptions {
  path?: Record<string, unknown>;
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
  cache?: RequestCache;
}

function init(method: Method, options: RawOptions): RequestInit {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': document.documentElement.lang || 'en',
  };
  const token = getAccessToken();
  if (token) headers['authorization'] = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return {
    method: method.toUpperCase(),
    credentials: 'include',
    headers,
    ...(body === undefined ? {} : { body }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
  };
}

/**
 * Sends one request and answers the raw response when it succeeded: a 401 with a token refreshes the session once
 * and sends it again; a failure becomes a RestError.
 */
async function send(method: Method, path: string, options: RawOptions = {}): Promise<Response> {
  const url = apiUrl(path, options.path, options.query);
  const hadToken = getAccessToken() !== null;
  let response = await statusAwareFetch(url, init(method, options));
  if (response.status === 401 && hadToken && !NO_REFRESH.test(path) && (await refreshSession())) {
    response = await statusAwareFetch(url, init(method, options));
  }
  if (!response.ok) throw await restError(response);
  return response;
}

/** The server's `{code, message, details}` of a failed answer, with a code for the answers that have none. */
export async function restError(response: Response): Promise<RestError> {
  const text = await response.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const record = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const status = response.status;
  const code =
    typeof record['code'] === 'string'
      ? record['code']
      : status === 429
        ? 'TOO_MANY_REQUESTS'
        : status === 503
          ? 'SERVICE_UNAVAILABLE'
          : 'UNEXPECTED';
  const message = typeof record['message'] === 'string' ? record['message'] : `HTTP ${status}`;
  const details =
    record['details'] && typeof record['details'] === 'object'
      ? (record['details'] as Record<string, unknown>)
      : undefined;
  return new RestError(code, message, status, details);
}

async function json<T>(method: Method, path: string, options?: RawOptions): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // A success that is not JSON is not Obra's API answering (a proxy's page, a stale service worker).
    throw new RestError('UNEXPECTED', 'not JSON', response.status);
  }
}

type Call<M extends Method> = <P extends ApiPath<M>>(
  path: P,
  ...args: Args<ApiOperation<P, M>>
) => Promise<ApiAnswer<P, M>>;

type RawCall<M extends Method> = <P extends ApiPath<M>>(
  path: P,
  ...args: Args<ApiOperation<P, M>>
) => Promise<Response>;

function call<M extends Method>(method: M): Call<M> {
  return ((path: string, options?: RawOptions) => json(method, path, options)) as Call<M>;
}

function raw<M extends Method>(method: M): RawCall<M> {
  return ((path: string, options?: RawOptions) => send(method, path, options)) as RawCall<M>;
}

/**
 * The REST API: `api.get('/bim/projects/{projectId}/models', { path: { projectId } })` answers the route's JSON,
 * typed from its schema. `api.raw.*` answers the Response itself, for routes whose answer is a file (a PDF, a
 * spreadsheet, a model's fragments) that still need the session's token.
 */
export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
  raw: { get: raw('get'), post: raw('post') },
};
