import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSISTED_OPERATIONS } from '../src/graphql/persisted-operations.ts';
import { operationId } from '../src/graphql/persisted-operation-id.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { buildUser, type TestUser } from './support/factories.ts';

// Persisted operations (docs/operations.md): the web sends the id of an operation the server holds. Where they
// are enforced (production's default), a browser session's own text is refused; access keys may send texts.

/** The id of the web operation of that name (its text starts with its kind and name). */
function idOf(name: string): string {
  const found = [...PERSISTED_OPERATIONS].find(([, text]) =>
    new RegExp(`^(query|mutation|subscription) ${name}\\b`).test(text),
  );
  if (!found) throw new Error(`no persisted operation ${name}`);
  return found[0];
}
const LOGGED_USER = idOf('LoggedUserData');
const NOTIFICATIONS_CHANGED = idOf('IssuesListNotificationsChanged');
const CREATE_ACCESS_KEY = idOf('CreateAccessKey');

async function post(t: TestServer, body: Record<string, unknown>, headers: Record<string, string>) {
  const response = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
  return { status: response.status, ...json };
}

const byId = (id: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: id } } });
const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

/** The first answer of a subscription over graphql-ws: its first error code, or 'data'. */
async function firstWsAnswer(
  t: TestServer,
  user: TestUser,
  payload: Record<string, unknown>,
): Promise<string> {
  const client = createClient({
    url: `${t.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: bearer(user),
  });
  try {
    return await new Promise<string>((resolve) => {
      client.subscribe({ query: '', ...payload } as never, {
        next: (value) => resolve(value.errors?.[0]?.extensions?.['code']?.toString() ?? 'data'),
        error: (error) => {
          const list = Array.isArray(error) ? (error as { extensions?: { code?: string } }[]) : [];
          resolve(list[0]?.extensions?.code ?? 'error');
        },
        complete: () => resolve('complete'),
      });
    });
  } finally {
    await client.dispose();
  }
}

describe('the persisted operations of the web app', () => {
  it('holds every web operation under the id of its text', () => {
    expect(PERSISTED_OPERATIONS.size).toBeGreaterThan(50);
    for (const [id, text] of PERSISTED_OPERATIONS) expect(operationId(text)).toBe(id);
  });
});

describe.each([
  ['in development (GRAPHQL_OPERATIONS=any, the default outside production)', 'any'],
  ['where they are enforced (GRAPHQL_OPERATIONS=persisted, the default in production)', 'persisted'],
] as const)('GraphQL operations %s', (_name, mode) => {
  let t: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestServer({ GRAPHQL_OPERATIONS: mode });
    user = await buildUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a persisted operation sent by its id alone', async () => {
    const res = await post(t, { operationName: 'LoggedUserData', ...byId(LOGGED_USER) }, bearer(user));
    expect(res.errors).toBeUndefined();
    expect(res.data?.['loggedUserData']).toMatchObject({ id: user.id, __typename: 'LoggedUser' });
  });

  it('refuses an unknown id with a catalogue code', async () => {
    const res = await post(t, byId('0'.repeat(32)), bearer(user));
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it(
    mode === 'any' ? 'accepts an operation of its own' : "refuses a browser session's own operation",
    async () => {
      const res = await post(t, { query: '{ loggedUserData { id } }' }, bearer(user));
      if (mode === 'any') {
        expect(res.errors).toBeUndefined();
        expect(res.data?.['loggedUserData']).toEqual({ id: user.id });
      } else {
        expect(res.status).toBe(403);
        expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect(res.data ?? null).toBeNull();
        // Anonymous callers too: nothing but the web's operations runs for them.
        const anonymous = await post(t, { query: '{ __typename }' }, {});
        expect(anonymous.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
    },
  );

  it('lets an access key send its own operations; a header that only looks like a key does not', async () => {
    // The web's own mutation creates the key, sent by its id as the web sends it.
    const created = await post(
      t,
      { operationName: 'CreateAccessKey', variables: { name: `script ${mode}` }, ...byId(CREATE_ACCESS_KEY) },
      bearer(user),
    );
    expect(created.errors).toBeUndefined();
    const { secret, accessKey } = created.data?.['createAccessKey'] as {
      secret: string;
      accessKey: { keyId: string };
    };
    const basic = (s: string) => `Basic ${Buffer.from(`${accessKey.keyId}:${s}`).toString('base64')}`;
    const own = await post(t, { query: '{ loggedUserData { id } }' }, { authorization: basic(secret) });
    expect(own.errors).toBeUndefined();
    expect(own.data?.['loggedUserData']).toEqual({ id: user.id });
    const forged = await post(t, { query: '{ loggedUserData { id } }' }, { authorization: basic('not-it') });
    expect(forged.errors?.[0]?.extensions?.code).toBe(mode === 'any' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
  });

  it('applies the same rule to subscriptions over the websocket', async () => {
    // A project the user is not in: the persisted subscription runs and answers the service's own refusal.
    const persisted = await firstWsAnswer(t, user, {
      operationName: 'IssuesListNotificationsChanged',
      variables: { projectId: 999_999 },
      ...byId(NOTIFICATIONS_CHANGED),
    });
    expect(persisted).toBe('PROJECT_NOT_FOUND');
    expect(await firstWsAnswer(t, user, byId('f'.repeat(32)))).toBe('GRAPHQL_VALIDATION_FAILED');
    const own = await firstWsAnswer(t, user, {
      query: 'subscription { projectIssueChanged(projectId: 999999) { kind } }',
    });
    expect(own).toBe(mode === 'any' ? 'PROJECT_NOT_FOUND' : 'FORBIDDEN');
  });
});
