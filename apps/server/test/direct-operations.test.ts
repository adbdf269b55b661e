// Issue 35 #1: the web app's persisted queries and mutations run by a direct path (graphql/direct-operations.ts)
// from the Fastify route of /graphql, without Yoga's fetch-API layer. It must answer exactly as Yoga answers the
// same request: data, variables errors, access refusals and limits in the caller's language, unknown ids, the
// same status and media type. Each case is asked of two apps on the same services and database: one with the
// direct path (as production runs), one where Yoga answers everything.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, type ErrorCode, type Locale } from '@obra/domain';
import { registerGraphQLRoute } from '../src/http/graphql-route.ts';
import { PERSISTED_OPERATIONS } from '../src/graphql/persisted-operations.ts';
import {
  createDirectOperations,
  regularMediaType,
  type DirectOperations,
} from '../src/graphql/direct-operations.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { buildUser, type TestUser } from './support/factories.ts';

// Which requests the direct path answered, and which it handed to Yoga: its answers, counted as they leave.
const taken = { direct: 0, yoga: 0 };
function counted(operations: DirectOperations): DirectOperations {
  return {
    async answer(req) {
      const answer = await operations.answer(req);
      if (answer) taken.direct += 1;
      else taken.yoga += 1;
      return answer;
    },
  };
}

/** What `run` sent by the direct path and what it left to Yoga. */
async function paths<T>(run: () => Promise<T>): Promise<{ result: T; direct: number; yoga: number }> {
  const before = { ...taken };
  const result = await run();
  return { result, direct: taken.direct - before.direct, yoga: taken.yoga - before.yoga };
}

/** The id of the web operation of that name (its text starts with its kind and name). */
function idOf(name: string): string {
  const found = [...PERSISTED_OPERATIONS].find(([, text]) =>
    new RegExp(`^(query|mutation|subscription) ${name}\\b`).test(text),
  );
  if (!found) throw new Error(`no persisted operation ${name}`);
  return found[0];
}

/** What urql sends as Accept (apps/web/src/lib/graphql-client.ts uses urql's fetch exchange). */
const WEB_ACCEPT =
  'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed';

interface Ask {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** A query as the web sends it: GET, its name, variables and persisted id in the URL, nothing else. */
function webGet(
  name: string,
  variables: Record<string, unknown> | undefined,
  headers: Record<string, string> = {},
  id = idOf(name),
): Ask {
  const search = new URLSearchParams({ operationName: name });
  if (variables) search.set('variables', JSON.stringify(variables));
  search.set('extensions', JSON.stringify({ persistedQuery: { version: 1, sha256Hash: id } }));
  return { method: 'GET', url: `/graphql?${search.toString()}`, headers: { accept: WEB_ACCEPT, ...headers } };
}

/** A mutation as the web sends it (and a query whose URL would be too long): POST, a JSON body without text. */
function webPost(
  name: string,
  variables: Record<string, unknown> | undefined,
  headers: Record<string, string> = {},
): Ask {
  return {
    method: 'POST',
    url: '/graphql',
    headers: { accept: WEB_ACCEPT, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({
      operationName: name,
      variables,
      extensions: { persistedQuery: { version: 1, sha256Hash: idOf(name) } },
    }),
  };
}

interface Answer {
  status: number;
  type: string | undefined;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
}

async function ask(app: FastifyInstance, request: Ask): Promise<Answer> {
  const res = await app.inject(request);
  return {
    status: res.statusCode,
    type: res.headers['content-type'] as string | undefined,
    body: JSON.parse(res.body) as Answer['body'],
  };
}

let t: TestServer;
let user: TestUser;
let direct: { app: FastifyInstance };
let yogaOnly: { app: FastifyInstance };

/** An app of the GraphQL route alone on the test server's services (and database). */
async function graphqlApp(directPath: boolean): Promise<{ app: FastifyInstance }> {
  const app = Fastify();
  const services = t.server.services;
  registerGraphQLRoute(app, services, {
    direct: directPath
      ? (schema) => counted(createDirectOperations(services, schema, { anonymousIntrospection: true }))
      : false,
  });
  await app.ready();
  return { app };
}

beforeAll(async () => {
  // Production's rule: a browser session runs only the web's persisted operations.
  t = await startTestServer({ GRAPHQL_OPERATIONS: 'persisted', JOBS: 'none' });
  user = await buildUser(t);
  direct = await graphqlApp(true);
  yogaOnly = await graphqlApp(false);
});

afterAll(async () => {
  await direct.app.close();
  await yogaOnly.app.close();
  await t.close();
});

const bearer = (): Record<string, string> => ({ authorization: `Bearer ${user.token}` });
const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);

/** The same request to both apps: the direct path's answer, checked equal to Yoga's, Yoga never asked. */
async function bothAnswer(request: () => Ask): Promise<Answer> {
  const { result: answer, direct: byDirect, yoga } = await paths(() => ask(direct.app, request()));
  expect({ byDirect, yoga }).toEqual({ byDirect: 1, yoga: 0 });
  expect(answer).toEqual(await ask(yogaOnly.app, request()));
  return answer;
}

function expectError(answer: Answer, code: string, reason: ErrorCode, locale: Locale): void {
  const error = answer.body.errors?.[0];
  expect(error?.extensions?.['code']).toBe(code);
  expect(error?.message.startsWith(errorMessage(locale, reason))).toBe(true);
}

describe('the direct path of persisted operations answers as Yoga does', () => {
  it('runs a query sent as the web sends it, and records it in the operation metrics', async () => {
    const count = async () => {
      const metric = await t.server.services.metrics?.registry
        .getSingleMetric('obra_graphql_operation_duration_seconds')
        ?.get();
      return (
        metric?.values.find(
          (v) =>
            (v as { metricName?: string }).metricName?.endsWith('_count') &&
            v.labels['operation'] === 'LoggedUserData',
        )?.value ?? 0
      );
    };
    const before = await count();
    const answer = await bothAnswer(() => webGet('LoggedUserData', undefined, bearer()));
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/graphql-response+json; charset=utf-8');
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.['loggedUserData']).toMatchObject({ id: user.id, __typename: 'LoggedUser' });
    // Once by the direct app, once by Yoga's.
    expect((await count()) - before).toBe(2);
    // And as a JSON POST accepting anything: the same data, as application/json.
    const posted = await bothAnswer(() => ({
      ...webPost('LoggedUserData', undefined, bearer()),
      headers: { 'content-type': 'application/json', ...bearer() },
    }));
    expect(posted.type).toBe('application/json; charset=utf-8');
    expect(posted.body.data).toEqual(answer.body.data);
  });

  it('refuses missing and badly typed variables in the caller language', async () => {
    const missing = await bothAnswer(() =>
      webGet('SetupUserTags', undefined, { ...bearer(), 'accept-language': 'pt-BR' }),
    );
    expect(missing.status).toBe(400);
    expectError(missing, 'BAD_USER_INPUT', 'GRAPHQL_MISSING_VARIABLE', 'pt-BR');
    const wrong = await bothAnswer(() =>
      webGet('SetupUserTags', { projectId: 'x' }, { ...bearer(), 'accept-language': 'es' }),
    );
    expectError(wrong, 'BAD_USER_INPUT', 'GRAPHQL_INVALID_VALUE', 'es');
  });

  it('refuses an anonymous caller, and a project not the caller’s, in the caller language', async () => {
    for (const locale of ['es', 'pt-BR'] as const) {
      const anonymous = await bothAnswer(() =>
        webGet('LoggedUserData', undefined, { 'accept-language': locale }),
      );
      expect(anonymous.body.data ?? null).toBeNull();
      expectError(anonymous, 'UNAUTHENTICATED', 'UNAUTHENTICATED', locale);
    }
    const elsewhere = await bothAnswer(() =>
      webGet('SetupUserTags', { projectId: 999_999 }, { ...bearer(), 'accept-language': 'es' }),
    );
    expectError(elsewhere, 'PROJECT_NOT_FOUND', 'PROJECT_NOT_FOUND', 'es');
  });

  it('applies the variables limit', async () => {
    const answer = await bothAnswer(() =>
      webPost('SetupUserTags', { projectId: nested(80) }, { ...bearer(), 'accept-language': 'es' }),
    );
    expect(answer.status).toBe(400);
    expectError(answer, 'BAD_USER_INPUT', 'GRAPHQL_LIMIT_EXCEEDED', 'es');
  });

  it('refuses an unknown id', async () => {
    const answer = await bothAnswer(() =>
      webGet('LoggedUserData', undefined, { ...bearer(), 'accept-language': 'pt-BR' }, '0'.repeat(32)),
    );
    expect(answer.status).toBe(400);
    expectError(answer, 'GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'pt-BR');
  });

  it('runs mutations: a refusal the same as Yoga’s, and a change made', async () => {
    const anonymous = await bothAnswer(() =>
      webPost('CreateAccessKey', { name: 'anonymous' }, { 'accept-language': 'es' }),
    );
    expectError(anonymous, 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'es');
    const badVariables = await bothAnswer(() => webPost('CreateAccessKey', {}, bearer()));
    expectError(badVariables, 'BAD_USER_INPUT', 'GRAPHQL_MISSING_VARIABLE', 'en');

    const created = await paths(() =>
      ask(direct.app, webPost('CreateAccessKey', { name: 'direct' }, bearer())),
    );
    expect(created.direct).toBe(1);
    expect(created.result.body.errors).toBeUndefined();
    expect(created.result.body.data?.['createAccessKey']).toMatchObject({ accessKey: { name: 'direct' } });
  });
});

describe('every web operation', () => {
  const operations = [...PERSISTED_OPERATIONS.values()]
    .map((text) => /^(query|mutation) (\w+)/.exec(text))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ kind: m[1], name: m[2] as string }));

  it('is taken by the direct path and answered as Yoga answers it: anonymous, and queries signed in', async () => {
    expect(operations.length).toBeGreaterThan(50);
    let asked = 0;
    const { direct: byDirect, yoga } = await paths(async () => {
      for (const { kind, name } of operations) {
        const send = kind === 'query' ? webGet : webPost;
        const anonymous = await ask(direct.app, send(name, undefined, { 'accept-language': 'es' }));
        expect(anonymous, name).toEqual(
          await ask(yogaOnly.app, send(name, undefined, { 'accept-language': 'es' })),
        );
        asked += 1;
        // Mutations change things: a second run would not answer the same.
        if (kind !== 'query') continue;
        const signedIn = await ask(direct.app, send(name, undefined, bearer()));
        expect(signedIn, name).toEqual(await ask(yogaOnly.app, send(name, undefined, bearer())));
        asked += 1;
      }
    });
    expect({ byDirect, yoga }).toEqual({ byDirect: asked, yoga: 0 });
  });
});

describe('what the direct path leaves to Yoga', () => {
  it('texts, a GET of a mutation, and an Accept only a stream answers go to Yoga, answered as before', async () => {
    const { direct: byDirect, yoga } = await paths(async () => {
      const text = await ask(direct.app, {
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', ...bearer() },
        payload: JSON.stringify({ query: '{ loggedUserData { id } }' }),
      });
      expect(text.status).toBe(403);
      expect(text.body.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
      // Yoga refuses a mutation sent by GET (a link must not change anything).
      const byGet = () => webGet('CreateAccessKey', { name: 'by get' }, bearer());
      const mutationByGet = await ask(direct.app, byGet());
      expect(mutationByGet.status).toBe(400);
      expect(mutationByGet.body.data ?? null).toBeNull();
      expect(mutationByGet).toEqual(await ask(yogaOnly.app, byGet()));
      const streamed = await direct.app.inject({
        ...webGet('LoggedUserData', undefined, bearer()),
        headers: { accept: 'text/event-stream', ...bearer() },
      });
      expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    });
    expect({ byDirect, yoga }).toEqual({ byDirect: 0, yoga: 3 });
  });

  it('chooses the media type Yoga chooses', () => {
    expect(regularMediaType(WEB_ACCEPT)).toBe('application/graphql-response+json');
    expect(regularMediaType(undefined)).toBe('application/json');
    expect(regularMediaType('application/json, application/graphql-response+json')).toBe('application/json');
    expect(regularMediaType('text/event-stream')).toBeUndefined();
    expect(regularMediaType('application/json; charset=latin1')).toBeUndefined();
  });
});

describe('the production route', () => {
  it('answers a persisted id as the direct app does', async () => {
    const request = webGet('LoggedUserData', undefined, bearer());
    const res = await fetch(`${t.url}${request.url}`, { headers: request.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
    expect(await res.json()).toEqual((await ask(direct.app, request)).body);
  });
});
