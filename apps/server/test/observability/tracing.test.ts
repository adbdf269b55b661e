import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { statementName } from '../../src/observability/sql-spans.ts';
import { PERSISTED_OPERATIONS } from '../../src/graphql/persisted-operations.ts';
import { buildUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Issue 35 #5: with OTEL_EXPORTER_OTLP_ENDPOINT set, a request's trace — its HTTP span, its GraphQL operation and
 * its SQL statements — reaches an OTLP/HTTP receiver (here a plain node:http server reading the JSON export).
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const exports: { path: string; contentType: string; body: OtlpExport }[] = [];
let receiver: http.Server;
let t: TestServer;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      exports.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  t = await startTestServer({
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_SERVICE_NAME: 'obra-test',
  });
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** The id of the web's query of that name. */
function idOf(name: string): string {
  const found = [...PERSISTED_OPERATIONS].find(([, text]) => text.startsWith(`query ${name} `));
  if (!found) throw new Error(`no persisted query ${name}`);
  return found[0];
}

const attribute = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;

describe('tracing over OTLP/HTTP', () => {
  it('exports one request as a trace: the HTTP span, its GraphQL operation, and its SQL statements', async () => {
    const user = await buildUser(t);
    const answer = await t.gql('query TracedUser { loggedUserData { id } }', {}, { token: user.token });
    expect(answer.errors).toBeUndefined();
    // The same read as the web sends it, by persisted id: the direct path (graphql/direct-operations.ts).
    const persisted = await fetch(
      `${t.url}/graphql?${new URLSearchParams({
        operationName: 'LoggedUserData',
        extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: idOf('LoggedUserData') } }),
      }).toString()}`,
      { headers: { authorization: `Bearer ${user.token}` } },
    );
    expect(((await persisted.json()) as { errors?: unknown }).errors).toBeUndefined();
    // Closing the server shuts the tracer down, which sends what is left in its batch.
    await t.close();

    expect(exports.length).toBeGreaterThan(0);
    expect(
      exports.every((e) => e.path === '/v1/traces' && e.contentType.startsWith('application/json')),
    ).toBe(true);
    const resource = exports[0]?.body.resourceSpans[0]?.resource;
    expect(resource?.attributes.find((a) => a.key === 'service.name')?.value.stringValue).toBe('obra-test');
    const spans = exports.flatMap((e) =>
      e.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );

    const request = spans.find((s) => s.name === 'POST /graphql');
    expect(request).toBeDefined();
    expect(request?.parentSpanId ?? '').toBe('');
    expect(attribute(request!, 'http.route')?.stringValue).toBe('/graphql');
    expect(Number(attribute(request!, 'http.response.status_code')?.intValue)).toBe(200);
    const trace = spans.filter((s) => s.traceId === request!.traceId);

    const operation = trace.find((s) => s.name === 'graphql query TracedUser');
    expect(operation?.parentSpanId).toBe(request!.spanId);
    expect(attribute(operation!, 'graphql.operation.name')?.stringValue).toBe('TracedUser');

    // Statements of the request: the actor's look-up under the request, the resolver's under the operation.
    const statements = trace.filter((s) => attribute(s, 'db.query.text') !== undefined);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((s) => s.parentSpanId === operation!.spanId)).toBe(true);
    expect(statements.every((s) => s.kind === 3)).toBe(true); // CLIENT
    expect(statements.some((s) => /"users"/.test(attribute(s, 'db.query.text')?.stringValue ?? ''))).toBe(
      true,
    );
    // The direct path's request: its operation under it, the resolver's statements under the operation.
    const direct = spans.find((s) => s.name === 'GET /graphql');
    const directOperation = spans.find(
      (s) => s.traceId === direct?.traceId && s.name === 'graphql query LoggedUserData',
    );
    expect(directOperation?.parentSpanId).toBe(direct?.spanId);
    expect(
      spans.some(
        (s) => s.parentSpanId === directOperation?.spanId && attribute(s, 'db.query.text') !== undefined,
      ),
    ).toBe(true);
    // Parameters are never exported: the user's e-mail is in no span.
    expect(JSON.stringify(spans)).not.toContain(user.email);
  });
});

describe('statement span names', () => {
  it('are the verb and the first table', () => {
    expect(statementName('select "id" from "users" where "id" = $1')).toBe('select users');
    expect(statementName('insert into "audit_events" ("a") values ($1)')).toBe('insert audit_events');
    expect(statementName('update "issues" set "x" = $1')).toBe('update issues');
    expect(statementName('begin')).toBe('begin');
  });
});

describe('tracing settings', () => {
  it('are off without an endpoint, trace every request by default, and take a share between 0 and 1', () => {
    expect(loadConfig({}).observability).toMatchObject({ otlpEndpoint: undefined, traceSampleRatio: 1 });
    expect(loadConfig({ OTEL_TRACES_SAMPLER_ARG: '0.25' }).observability.traceSampleRatio).toBe(0.25);
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
  });
});
