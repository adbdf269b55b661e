import type { Random } from './prng.ts';
import { deeplyNestedJson, randomJson, type ValuePools } from './value-generator.ts';

/** A route of the server as Fastify lists it. */
export interface RestRoute {
  path: string;
  methods: string[];
}

/** Path prefixes Obra reserves for REST APIs, routed or not yet (answered NOT_FOUND): probed as well. */
const RESERVED_PREFIXES = ['/project-drive', '/bcf', '/data-lake', '/autodoc', '/files'];

/**
 * The API routes of a running app from `printRoutes()`: the web app's static files are left out; a bare `*` is the
 * files scope's `/files/*` (printed without its prefix).
 */
export function apiRoutes(printed: string): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const line of printed.split('\n')) {
    const match = /── (\S+) \(([A-Z, ]+)\)/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const path = match[1] === '*' ? '/files/*' : match[1];
    if (!path.startsWith('/') || path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path)) continue;
    routes.push({ path, methods: match[2].split(',').map((m) => m.trim()) });
  }
  return routes;
}

const FIELD_NAMES = [
  'email',
  'password',
  'newPassword',
  'oldPassword',
  'code',
  'name',
  'lastName',
  'localeId',
  'tokenInBody',
  'refreshToken',
  'provider',
  'redirect',
  'state',
  'accessKeyId',
  'secret',
  'uploadId',
  'contentType',
  'size',
  '__proto__',
  'constructor',
];
const SEGMENTS = [
  'google',
  'microsoft',
  'x',
  '..',
  '%2e%2e',
  '%00',
  '..%2f..%2fetc%2fpasswd',
  'a'.repeat(300),
  '1',
  'uploads',
  'issue-images',
  '😀',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/png',
  '',
];

/** A random request for a route (or a reserved prefix): method, path, query, headers and body. */
/** Methods the Fetch standard forbids a client to send. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

export function restRequest(
  route: RestRoute,
  rnd: Random,
  pools: ValuePools,
): { method: string; path: string; headers: Record<string, string>; body: string | undefined } {
  // fetch refuses to send CONNECT, TRACE and TRACK (forbidden methods): a route that lists them (a catch-all
  // route of every method) is sent the others.
  const sendable = route.methods.filter((m) => !FORBIDDEN_METHODS.has(m));
  const method =
    rnd.chance(0.8) && sendable.length > 0
      ? rnd.pick(sendable)
      : rnd.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
  let path = route.path
    .replace(/:[A-Za-z]+/g, () => encodeURIComponent(rnd.pick(SEGMENTS)))
    .replace('*', () => Array.from({ length: rnd.between(1, 4) }, () => rnd.pick(SEGMENTS)).join('/'));
  if (rnd.chance(0.1)) path = `${rnd.pick(RESERVED_PREFIXES)}/${rnd.pick(SEGMENTS)}`;
  if (rnd.chance(0.4)) {
    const params = new URLSearchParams();
    for (const key of rnd.some(
      ['code', 'state', 'exp', 'sig', 'email', 'redirect', 'error', 'provider', 'x'],
      3,
    ))
      params.set(key, String(rnd.pick<unknown>([...pools.strings.slice(0, 60), ...pools.ints])));
    path += `?${params.toString()}`;
  }
  const headers: Record<string, string> = {};
  const type = rnd.pick(CONTENT_TYPES);
  if (type) headers['content-type'] = type;
  if (rnd.chance(0.2))
    headers['cookie'] = `obra_refresh=${encodeURIComponent(rnd.pick(pools.strings.slice(0, 60)))}`;
  if (rnd.chance(0.1))
    headers['origin'] = rnd.pick(['https://evil.example', 'null', 'http://localhost:3000']);
  if (rnd.chance(0.1)) headers['x-request-id'] = rnd.pick(['../../x', 'a'.repeat(100), 'ok-id']);
  if (method === 'GET' || method === 'HEAD') return { method, path, headers, body: undefined };
  return { method, path, headers, body: restBody(rnd, pools) };
}

function restBody(rnd: Random, pools: ValuePools): string | undefined {
  switch (rnd.int(10)) {
    case 0:
      return undefined;
    case 1:
      return '';
    case 2:
      return rnd.pick([
        '{',
        'not json',
        '{"email": }',
        'null',
        '[]',
        '"x"',
        '1e999',
        '\u0000',
        '{"a":1}{"b":2}',
      ]);
    case 3:
      return deeplyNestedJson(rnd.pick([100, 20_000, 300_000]), rnd);
    case 4:
      return rnd.chance(0.5)
        ? 'x'.repeat(2 * 1024 * 1024 + 10)
        : JSON.stringify({ email: 'a@b.c', password: 'p'.repeat(100_000) });
    case 5:
      return JSON.stringify(randomJson(rnd, pools, 3));
    default: {
      const body: Record<string, unknown> = {};
      for (const key of rnd.some(FIELD_NAMES, 6))
        body[key] = rnd.chance(0.7) ? rnd.pick<unknown>(pools.strings) : randomJson(rnd, pools, 2);
      return JSON.stringify(body);
    }
  }
}
