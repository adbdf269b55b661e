import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mayReadMetrics } from '../../src/observability/metrics.ts';
import { buildUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** Issue 35 #5: Prometheus metrics at /metrics, readable from this machine only (no METRICS_TOKEN here). */
let t: TestServer;

beforeAll(async () => {
  // No workers: a sent job stays waiting, so the queue's depth is known.
  t = await startTestServer({ JOBS: 'none' });
});
afterAll(async () => {
  await t.close();
});

async function scrape(): Promise<string> {
  const answer = await fetch(`${t.url}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text();
}

/** The samples of one family as label text → value. */
function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`).exec(line);
    if (match) found.set(match[1] ?? '', Number(match[2]));
  }
  return found;
}

describe('/metrics', () => {
  it('has every family: requests, GraphQL operations, pool, job queue, websockets, event loop, process', async () => {
    const user = await buildUser(t);
    const answer = await t.gql('query CurrentUser { loggedUserData { id } }', {}, { token: user.token });
    expect(answer.errors).toBeUndefined();
    await fetch(`${t.url}/profile-images/someone-private-4242.png`);
    await t.server.services.jobs.send('files.cleanup', {});
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

    const text = await scrape();
    socket.close();
    for (const family of [
      'obra_http_request_duration_seconds',
      'obra_graphql_operation_duration_seconds',
      'obra_graphql_operation_errors_total',
      'obra_db_pool_connections',
      'obra_jobs_waiting',
      'obra_jobs_oldest_waiting_seconds',
      'obra_jobs_active',
      'obra_websocket_clients',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      expect(text, family).toContain(`# TYPE ${family} `);

    const requests = samples(text, 'obra_http_request_duration_seconds_count');
    expect(requests.get('{method="POST",route="/graphql",status="200"}')).toBeGreaterThanOrEqual(1);
    // The route's pattern, never the address asked for.
    expect(requests.get('{method="GET",route="/profile-images/:name",status="404"}')).toBe(1);
    expect(text).not.toContain('someone-private-4242');

    const operations = samples(text, 'obra_graphql_operation_duration_seconds_count');
    expect(operations.get('{operation="CurrentUser",type="query"}')).toBe(1);
    expect(samples(text, 'obra_jobs_waiting').get('{queue="files.cleanup"}')).toBe(1);
    expect(
      samples(text, 'obra_jobs_oldest_waiting_seconds').get('{queue="files.cleanup"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(samples(text, 'obra_websocket_clients').get('')).toBe(1);
    // The pool's connections on PostgreSQL (PGlite has one connection and no pool: the family stays empty).
    const pool = samples(text, 'obra_db_pool_connections');
    if (t.server.services.database.kind === 'postgres') {
      expect(pool.get('{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(pool.get('{state="waiting"}')).toBe(0);
    } else expect(pool.size).toBe(0);
  });

  it('counts a failing operation and keeps an odd operation name out of the labels', async () => {
    await t.gql('query Broken { loggedUserData { id } }');
    const text = await scrape();
    expect(
      samples(text, 'obra_graphql_operation_errors_total').get('{operation="Broken",type="query"}'),
    ).toBe(1);
    expect(
      samples(text, 'obra_graphql_operation_duration_seconds_count').get(
        '{operation="anonymous",type="query"}',
      ),
    ).toBe(undefined);
    await t.gql('{ apiVersion }');
    expect(
      samples(await scrape(), 'obra_graphql_operation_duration_seconds_count').get(
        '{operation="anonymous",type="query"}',
      ),
    ).toBe(1);
  });
});

describe('who may read /metrics', () => {
  const request = (address: string, headers: Record<string, string> = {}) => ({
    headers,
    socket: { remoteAddress: address } as never,
  });

  it('without METRICS_TOKEN: loopback only, and not through a reverse proxy', () => {
    expect(mayReadMetrics(request('127.0.0.1'), undefined)).toBe('ok');
    expect(mayReadMetrics(request('::1'), undefined)).toBe('ok');
    expect(mayReadMetrics(request('::ffff:127.0.0.1'), undefined)).toBe('ok');
    expect(mayReadMetrics(request('10.0.0.7'), undefined)).toBe('forbidden');
    expect(mayReadMetrics(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), undefined)).toBe(
      'forbidden',
    );
    expect(mayReadMetrics(request('127.0.0.1', { forwarded: 'for=203.0.113.9' }), undefined)).toBe(
      'forbidden',
    );
  });

  it('with METRICS_TOKEN: whoever sends it as a bearer token, from anywhere; nobody else, loopback neither', () => {
    const token = 'a-long-enough-scrape-token';
    expect(mayReadMetrics(request('10.0.0.7', { authorization: `Bearer ${token}` }), token)).toBe('ok');
    expect(mayReadMetrics(request('127.0.0.1'), token)).toBe('unauthenticated');
    expect(mayReadMetrics(request('10.0.0.7', { authorization: 'Bearer wrong' }), token)).toBe(
      'unauthenticated',
    );
  });

  it('answers 403 in the error shape to a proxied request', async () => {
    const answer = await fetch(`${t.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { code: string }).code).toBe('FORBIDDEN');
  });
});
