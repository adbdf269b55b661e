// Hostile-input fuzzers (issue 8). The GraphQL fuzzer walks the served schema and sends random and malformed
// operations and variables to every query, mutation and subscription root field; the REST fuzzer sends random
// methods, paths, headers and bodies to every REST route. Both act as anonymous, as a user of company A (queries
// and mutations, aimed at company B's ids too), as a user of company B (queries only, so that B never links itself
// to A) and with a forged token. Replay a failure with FUZZ_SEED=<seed>; run longer with FUZZ_RUNS=<n> (GraphQL
// operations; REST gets a third as many): FUZZ_RUNS=20000 npx vitest run --project server test/resilience/hostile-input-fuzz.test.ts
import {
  buildClientSchema,
  getIntrospectionQuery,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createRandom, fuzzRuns, fuzzSeed } from './fuzz/prng.ts';
import { stringPool } from './fuzz/value-generator.ts';
import { OperationGenerator } from './fuzz/operation-generator.ts';
import { apiRoutes, restRequest } from './fuzz/rest-generator.ts';
import { buildFuzzWorld, intPool, type FuzzWorld } from './fuzz/fuzz-world.ts';
import {
  authHeaders,
  report,
  runCases,
  snapshotOfB,
  type FuzzActor,
  type FuzzCase,
} from './fuzz/fuzz-runner.ts';

const seed = fuzzSeed();
const runs = fuzzRuns(2_000);
// The limits only catch hangs; a longer run (FUZZ_RUNS) gets proportionally more time.
const timeout = 120_000 + runs * 100;
let t: TestServer;
let world: FuzzWorld;
let schema: GraphQLSchema;

beforeAll(async () => {
  // Rate limits scaled up so that the fuzzer reaches the handlers instead of the limiter.
  t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1000' });
  world = await buildFuzzWorld(t);
  // The schema as the server serves it (introspection), so that the fuzzer sees exactly what a client would.
  const introspection = await t.gql<IntrospectionQuery>(getIntrospectionQuery());
  if (!introspection.data) throw new Error(`introspection failed: ${JSON.stringify(introspection.errors)}`);
  schema = buildClientSchema(introspection.data);
});

afterAll(async () => {
  await t?.close();
});

interface RootField {
  kind: 'query' | 'mutation' | 'subscription';
  root: GraphQLObjectType;
  field: GraphQLField<unknown, unknown>;
}

function rootFields(): RootField[] {
  const out: RootField[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const) {
    if (root) for (const field of Object.values(root.getFields())) out.push({ kind, root, field });
  }
  return out;
}

describe('hostile input', () => {
  it('takes JSON object literals written inline like the same values sent as variables', async () => {
    // First, while the world is as built: the fuzzers' random mutations may change its disciplines and statuses.
    // graphql-scalars gave inline objects a null prototype that the database layer could not store (issue 8).
    const issue = await t.gql<{ createIssue: { id: number } }>(
      `mutation($p: Int!, $d: Int!) { createIssue(projectId: $p, title: "Inline", status: "active", priority: "low", visibility: "public",
        disciplines: [{ disciplineId: $d, status: "todo" }], pin: { x: 1, y: 2, drawingId: 7, extra: { deep: [1, { a: "b" }] } }) { id } }`,
      { p: world.a.projectId, d: world.a.disciplineIds[0] },
      { token: world.a.admin.token },
    );
    expect(issue.errors).toBeUndefined();
    const read = await t.gql<{ issue: { pin: unknown } }>(
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { pin } }',
      { p: world.a.projectId, i: issue.data?.createIssue.id },
      { token: world.a.admin.token },
    );
    expect(read.data?.issue.pin).toEqual({ x: 1, y: 2, drawingId: 7, extra: { deep: [1, { a: 'b' }] } });
  });

  it(
    `answers thousands of random and malformed operations without a 5xx, an internal error or a leak (seed ${seed})`,
    async () => {
      process.stdout.write(
        `GraphQL fuzz: seed ${seed}, ${runs} operations (replay with FUZZ_SEED=${seed})\n`,
      );
      const rnd = createRandom(seed);
      const generator = new OperationGenerator(rnd, { ints: intPool(world), strings: stringPool(rnd) });
      const fields = rootFields();
      const before = await snapshotOfB(t, world);
      let sent = 0;
      const covered = new Set<string>();
      // Every root field is visited in turn (so each gets its share), each time with a random actor and operation.
      const next = (): FuzzCase | undefined => {
        if (sent >= runs) return undefined;
        const visit = fields[sent % fields.length];
        sent++;
        if (!visit) return undefined;
        const actor = rnd.pick<FuzzActor>(['anonymous', 'companyA', 'companyA', 'companyB', 'forgedToken']);
        const kind = actor === 'companyB' && visit.kind === 'mutation' ? undefined : visit;
        const request =
          rnd.chance(0.06) || !kind
            ? generator.garbage()
            : generator.operation(kind.kind, kind.root, kind.field);
        covered.add(request.target);
        const asGet =
          kind?.kind === 'query' &&
          !request.raw &&
          rnd.chance(0.15) &&
          typeof request.body === 'object' &&
          request.body !== null &&
          !Array.isArray(request.body);
        const headers = {
          ...authHeaders(world, actor),
          'accept-language': rnd.pick(['en', 'es', 'pt-BR', 'xx', '*']),
        };
        if (asGet) {
          const body = request.body as { query?: unknown; variables?: unknown };
          const params = new URLSearchParams({
            query: String(body.query),
            variables: JSON.stringify(body.variables ?? {}),
          });
          return {
            actor,
            target: request.target,
            method: 'GET',
            path: `/graphql?${params.toString()}`,
            headers,
            body: undefined,
          };
        }
        return {
          actor,
          target: request.target,
          method: 'POST',
          path: '/graphql',
          headers: { ...headers, 'content-type': 'application/json' },
          body:
            request.raw ??
            (typeof request.body === 'string' && rnd.chance(0.5)
              ? request.body
              : JSON.stringify(request.body)),
        };
      };
      const findings = await runCases(t, world, next);
      expect(findings, report(seed, findings)).toEqual([]);
      // Every root field of the schema was aimed at (a run shorter than a few rounds of the schema cannot).
      if (runs >= fields.length * 3)
        expect(
          fields.filter((f) => !covered.has(`${f.root.name}.${f.field.name}`)).map((f) => f.field.name),
        ).toEqual([]);
      // Nothing others sent changed company B's project, and the process is alive and well.
      expect(await snapshotOfB(t, world)).toBe(before);
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
      expect((await t.gql('{ apiVersion }')).errors).toBeUndefined();
    },
    timeout,
  );

  it(
    `answers random requests to every REST route without a 5xx, an internal error or a leak (seed ${seed})`,
    async () => {
      const rnd = createRandom(seed + 1);
      const pools = { ints: intPool(world), strings: stringPool(rnd) };
      const routes = apiRoutes(t.server.app.printRoutes({ commonPrefix: false }));
      expect(routes.map((r) => r.path)).toEqual(
        expect.arrayContaining(['/auth/sign-in', '/auth/refresh', '/files/*', '/healthz', '/graphql']),
      );
      const before = await snapshotOfB(t, world);
      const total = Math.ceil(runs / 3);
      let sent = 0;
      const next = (): FuzzCase | undefined => {
        if (sent >= total) return undefined;
        const route = routes[sent++ % routes.length];
        if (!route) return undefined;
        const actor = rnd.pick<FuzzActor>(['anonymous', 'companyA', 'companyB', 'forgedToken']);
        const request = restRequest(route, rnd, pools);
        return {
          actor,
          target: `${route.methods.join('|')} ${route.path}`,
          ...request,
          headers: { ...request.headers, ...authHeaders(world, actor) },
        };
      };
      const findings = await runCases(t, world, next);
      expect(findings, report(seed, findings)).toEqual([]);
      expect(await snapshotOfB(t, world)).toBe(before);
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    },
    timeout,
  );
});
