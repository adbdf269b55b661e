import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({
    CORS_ORIGINS: 'https://plugin.example',
    EMBEDDING_HOSTS: 'https://docs.example',
  });
});
afterAll(async () => {
  await t.close();
});

const gql = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });

describe('security headers', () => {
  it('sends a CSP that allows framing only by Obra and the configured embedding hosts', async () => {
    const res = await fetch(`${t.url}/healthz`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self' https://docs.example");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('CORS', () => {
  it('answers configured origins with credentials and ignores the others', async () => {
    const allowed = await gql('{ apiVersion }', { origin: 'https://plugin.example' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://plugin.example');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await gql('{ apiVersion }', { origin: 'https://evil.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight of a configured origin', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://plugin.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('GraphQL limits', () => {
  it('refuses alias amplification with BAD_USER_INPUT and HTTP 400', async () => {
    const query = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: apiVersion`).join(' ')} }`;
    const res = await gql(query);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      errors: { message: string; extensions: { code: string; detail?: string } }[];
    };
    expect(body.errors[0]?.extensions.code).toBe('BAD_USER_INPUT');
    // The message is in the user's language; the limit's own words stay in extensions.detail.
    expect(body.errors[0]?.extensions.detail).toMatch(/Aliases limit/);
  });

  it('refuses deeply nested operations', async () => {
    const nested = Array.from({ length: 30 }).reduce<string>((inner) => `ofType { name ${inner} }`, 'name');
    const res = await gql(`{ __schema { types { fields { type { ${nested} } } } } }`);
    const body = (await res.json()) as {
      errors?: { message: string; extensions: { code: string; detail?: string } }[];
    };
    expect(res.status).toBe(400);
    expect(body.errors?.[0]?.extensions.detail).toMatch(/depth/i);
  });

  it('refuses huge documents', async () => {
    const res = await gql(`{ ${'apiVersion '.repeat(11_000)} }`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors?: { message: string; extensions?: { detail?: string } }[] };
    expect(body.errors?.[0]?.extensions?.detail).toMatch(/token/i);
  });

  it('still answers the standard introspection query (GraphiQL, code generators)', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const res = await gql(getIntrospectionQuery());
    const body = (await res.json()) as { errors?: unknown[]; data?: { __schema: unknown } };
    expect(body.errors).toBeUndefined();
    expect(body.data?.__schema).toBeTruthy();
  });

  it('does not suggest field names to strangers', async () => {
    const body = (await (await gql('{ apiVerson }')).json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).not.toMatch(/Did you mean/);
  });
});
