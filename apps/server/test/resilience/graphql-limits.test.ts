// The GraphQL limits plugin (src/graphql/graphql-limits.ts) and the error answers the fuzzer made exact: each case
// here once answered INTERNAL_SERVER_ERROR or HTTP 500.
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildUser, type TestUser } from '../support/factories.ts';
import { LIST_COST_LIMITS } from '../../src/graphql/graphql-limits.ts';
import { fullSelection } from '../issues/schema-selection-test-kit.ts';

let t: TestServer;
let user: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  user = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

async function postRaw(
  body: string,
  token?: string,
): Promise<{ status: number; code: string | undefined; message: string }> {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const json = (await res.json()) as {
    errors?: { message: string; extensions?: { code?: string; detail?: string } }[];
  };
  return {
    status: res.status,
    code: json.errors?.[0]?.extensions?.code,
    // A limit's own wording (request errors are answered in the user's language; the limit's words are kept in
    // extensions.detail for the developer), else the message.
    message: json.errors?.[0]?.extensions?.detail ?? json.errors?.[0]?.message ?? '',
  };
}

describe('nesting limits', () => {
  it('refuses a document whose brackets nest thousands of levels (within the token limit) with BAD_USER_INPUT', async () => {
    const query = `{ apiVersion(x: ${'['.repeat(3_000)}1${']'.repeat(3_000)}) }`;
    const answer = await postRaw(JSON.stringify({ query }));
    expect(answer).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
    expect(answer.message).toMatch(/nested deeper than 100/);
  });

  const withFilter = (depth: number): string =>
    `{"query":"query($f: JSON) { getIssues(projectId: 1, filter: $f) { pageInfo { hasNextPage } } }","variables":{"f":${'['.repeat(depth)}1${']'.repeat(depth)}}}`;

  it('refuses variables nested deeper than 64 levels, even when JSON text nests 300,000 levels', async () => {
    for (const depth of [65, 300_000]) {
      const answer = await postRaw(withFilter(depth), user.token);
      expect(answer, `depth ${depth}`).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
      expect(answer.message).toMatch(/Variables nested deeper than 64/);
    }
  });

  it('lets nesting within the limits through to the resolver', async () => {
    // Anonymous: the access guard answers, which it does only once the limits let the operation run.
    expect(await postRaw(withFilter(64))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('limits on the websocket', () => {
  it('refuses an alias-amplified subscription over graphql-ws as over HTTP', async () => {
    const client = createClient({
      url: `${t.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${user.token}` },
    });
    try {
      const query = `subscription { ${Array.from({ length: 40 }, (_, i) => `a${i}: serverStatus { state }`).join(' ')} }`;
      const errors = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query },
          { next: (v) => resolve(v.errors), error: resolve, complete: () => resolve(undefined) },
        );
      });
      expect(JSON.stringify(errors)).toMatch(/Aliases limit/);
    } finally {
      await client.dispose();
    }
  });
});

describe('coded answers instead of internal errors', () => {
  it('answers a subscription refused over HTTP with its code and HTTP 200, not 500', async () => {
    const answer = await postRaw(
      JSON.stringify({ query: 'subscription { projectIssueChanged(projectId: 999999) { kind } }' }),
      user.token,
    );
    expect(answer).toMatchObject({ status: 200, code: 'PROJECT_NOT_FOUND' });
    const anonymous = await postRaw(
      JSON.stringify({ query: 'subscription { projectIssueChanged(projectId: 1) { kind } }' }),
    );
    expect(anonymous).toMatchObject({ status: 200, code: 'UNAUTHENTICATED' });
  });

  it('answers a value the database refuses (a NUL character in a text) with BAD_USER_INPUT', async () => {
    const answer = await postRaw(
      JSON.stringify({ query: 'mutation { updateUserProfile(input: { photo: "\\u0000" }) { id } }' }),
      user.token,
    );
    expect(answer.code).toBe('BAD_USER_INPUT');
    expect(answer.message).not.toMatch(/0x00|byte sequence/);
  });
});

// Issue 12 #11: leaving out `first` made each getIssues a page of 500 issues that the cost did not count; thirty
// aliased lists answered 18.5 MB. The cost counts each page's rows, and heavy fields may not be repeated by aliases.
describe('the cost of lists', () => {
  const lists = (count: number, args: string, row: string): string =>
    `{ ${Array.from({ length: count }, (_, i) => `l${i}: getIssues(projectId: 999999${args}) { issues { ${row} } }`).join(' ')} }`;

  it('refuses thirty aliased lists without `first` before running any of them', async () => {
    const answer = await postRaw(JSON.stringify({ query: lists(30, '', 'id title') }), user.token);
    expect(answer).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
    expect(answer.message).toMatch(/getIssues may appear at most 2 times/);
  });

  it('counts the default page size of a list left without `first`', async () => {
    // Every field of Issue, as an export would ask for it: one page of 500 is within the limit, two are not.
    const every = await fullSelection(t, user, 'Issue');
    const onePage = await postRaw(JSON.stringify({ query: lists(1, '', every) }), user.token);
    expect(onePage).toMatchObject({ status: 200, code: 'PROJECT_NOT_FOUND' });
    const defaultPages = await postRaw(JSON.stringify({ query: lists(2, '', every) }), user.token);
    expect(defaultPages).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
    expect(defaultPages.message).toMatch(new RegExp(`exceeds the limit of ${LIST_COST_LIMITS.maxCost}`));
    // As refused as the same pages asked with `first: 500` (leaving `first` out no longer makes a list cheap).
    const explicitPages = await postRaw(
      JSON.stringify({ query: lists(2, ', first: 500', every) }),
      user.token,
    );
    expect(explicitPages).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
  });

  it('refuses a third getIssues in one operation even on small pages', async () => {
    const answer = await postRaw(JSON.stringify({ query: lists(3, ', first: 1', 'id') }), user.token);
    expect(answer).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
    expect(answer.message).toMatch(/getIssues may appear at most 2 times in one operation \(found 3\)/);
  });
});

// Issue 12 #14: the schema was introspectable anonymously with NODE_ENV=production.
describe('introspection in production', () => {
  let production: TestServer;
  beforeAll(async () => {
    // Texts are allowed (GRAPHQL_OPERATIONS=any): this is about introspection, not persisted operations.
    production = await startTestServer({ NODE_ENV: 'production', GRAPHQL_OPERATIONS: 'any' });
  });
  afterAll(async () => {
    await production?.close();
  });

  const introspect = async (token?: string) => {
    const res = await fetch(`${production.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: '{ __schema { types { name } } }' }),
    });
    return (await res.json()) as {
      data?: { __schema?: { types: unknown[] } } | null;
      errors?: { extensions?: { code?: string } }[];
    };
  };

  it('refuses anonymous callers and describes the schema to signed-in ones', async () => {
    const anonymous = await introspect();
    expect(anonymous.data?.__schema).toBeUndefined();
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const signedIn = await introspect((await buildUser(production)).token);
    expect(signedIn.errors).toBeUndefined();
    expect(signedIn.data?.__schema?.types.length).toBeGreaterThan(10);
  });

  it('still answers __typename to anonymous callers', async () => {
    const res = await fetch(`${production.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
