// Issue 12: graphql-js's own request errors (syntax, unknown fields and arguments, missing or badly typed
// variables, the limits) reached API clients in English whatever their language. Each is now told by a catalogue
// reason in the request's language, with the API names it is about; the code stays the request error's own.
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, type ErrorCode, type Locale } from '@obra/domain';
import { startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

interface ErrorBody {
  errors: { message: string; extensions: Record<string, unknown> }[];
}

async function ask(
  locale: Locale,
  body: Record<string, unknown>,
): Promise<{ status: number; body: ErrorBody }> {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': locale },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as ErrorBody };
}

/** What graphql-js says in English; none of it may reach the answer. */
const ENGLISH =
  /Cannot query|Unknown argument|is required|was not provided|got invalid value|Syntax Error|cannot represent|exceeded|selection/;

const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: apiVersion`).join(' ');

const CASES: {
  name: string;
  body: Record<string, unknown>;
  code: string;
  reason: ErrorCode;
  subject?: string;
}[] = [
  {
    name: 'a syntax error',
    body: { query: '{ projectEnums { ' },
    code: 'GRAPHQL_PARSE_FAILED',
    reason: 'GRAPHQL_PARSE_FAILED',
  },
  {
    name: 'an unknown field',
    body: { query: '{ apiVersion nope }' },
    code: 'GRAPHQL_VALIDATION_FAILED',
    reason: 'GRAPHQL_UNKNOWN_FIELD',
    subject: 'Query.nope',
  },
  {
    name: 'an unknown argument',
    body: { query: '{ issue(projectId: 1, issueId: 1, color: 2) { id } }' },
    code: 'GRAPHQL_VALIDATION_FAILED',
    reason: 'GRAPHQL_UNKNOWN_ARGUMENT',
    subject: 'Query.issue(color)',
  },
  {
    name: 'a missing argument',
    body: { query: '{ issue(projectId: 1) { id } }' },
    code: 'GRAPHQL_VALIDATION_FAILED',
    reason: 'GRAPHQL_MISSING_ARGUMENT',
    subject: 'issue(issueId: Int!)',
  },
  {
    name: 'a scalar asked for subfields',
    body: { query: '{ apiVersion { id } }' },
    code: 'GRAPHQL_VALIDATION_FAILED',
    reason: 'GRAPHQL_INVALID_SELECTION',
    subject: 'apiVersion',
  },
  {
    name: 'a missing variable',
    body: {
      query: 'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { id } }',
      variables: { p: 1 },
    },
    code: 'BAD_USER_INPUT',
    reason: 'GRAPHQL_MISSING_VARIABLE',
    subject: '$i: Int!',
  },
  {
    name: 'a variable of the wrong type',
    body: {
      query: 'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { id } }',
      variables: { p: 1, i: 'one' },
    },
    code: 'BAD_USER_INPUT',
    reason: 'GRAPHQL_INVALID_VALUE',
    subject: '$i',
  },
  {
    name: 'a literal of the wrong type',
    body: { query: '{ issue(projectId: "one", issueId: 1) { id } }' },
    code: 'GRAPHQL_VALIDATION_FAILED',
    reason: 'GRAPHQL_INVALID_VALUE',
  },
  {
    name: 'too many aliases (a limit)',
    body: { query: `{ ${aliases} }` },
    code: 'BAD_USER_INPUT',
    reason: 'GRAPHQL_LIMIT_EXCEEDED',
  },
];

describe('GraphQL request errors in the request language', () => {
  for (const c of CASES) {
    it(`tells ${c.name} in en, es and pt-BR with its catalogue reason`, async () => {
      for (const locale of ['en', 'es', 'pt-BR'] as const) {
        const { status, body } = await ask(locale, c.body);
        expect(status).toBe(400);
        expect(body.errors).toHaveLength(1);
        const [error] = body.errors;
        const text = errorMessage(locale, c.reason);
        expect(error?.message).toBe(c.subject ? `${text} (${c.subject})` : text);
        expect(error?.message).not.toMatch(ENGLISH);
        expect(error?.extensions['code']).toBe(c.code);
        expect(error?.extensions['reason'] ?? error?.extensions['code']).toBe(c.reason);
        if (c.subject) expect(error?.extensions['subject']).toBe(c.subject);
      }
    });
  }

  it('gives every reason a real translation (es and pt-BR differ from en)', () => {
    for (const c of CASES) {
      expect(errorMessage('es', c.reason)).not.toBe(errorMessage('en', c.reason));
      expect(errorMessage('pt-BR', c.reason)).not.toBe(errorMessage('en', c.reason));
    }
  });

  it('tells a subscription refused on the websocket in the language of the connection', async () => {
    const client = createClient({
      url: `${t.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers: { 'accept-language': 'es' } });
        }
      },
      lazy: true,
      retryAttempts: 0,
    });
    try {
      const errors = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: 'subscription { nope }' },
          { next: () => undefined, error: resolve, complete: () => resolve(null) },
        );
      });
      expect(errors).toEqual([
        expect.objectContaining({
          message: `${errorMessage('es', 'GRAPHQL_UNKNOWN_FIELD')} (Subscription.nope)`,
          extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }),
        }),
      ]);
    } finally {
      await client.dispose();
    }
  });
});
