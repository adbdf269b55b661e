import { timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import client from 'prom-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { errorMessage } from '@obra/domain';
import type { ObservabilityConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { requestLocale } from '../http/request-locale.ts';
import { queueDepths, type QueueDepth } from './job-metrics-repository.ts';

/**
 * Prometheus metrics (docs/operations.md "Metrics"): requests by route pattern, GraphQL operations by name, the
 * database pool, the job queue, websocket clients, event-loop lag and Node's default process metrics, in a
 * registry of this server's own. Labels are route patterns, operation names and queue names: never a URL, an id
 * or anything a user typed.
 */
export interface Metrics {
  readonly registry: client.Registry;
  /** One GraphQL operation, as the execution hook saw it. */
  observeOperation(operation: string, type: string, seconds: number, failed: boolean): void;
}

/** Operation names become label values; past this many distinct ones, the rest count as `other`. */
const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

/** Seconds: from 1 ms to 10 s, the range of Obra's answers. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Creates the registry and its collectors; undefined when METRICS is off (then nothing is recorded). */
export function createMetrics(
  config: ObservabilityConfig,
  database: Database,
  logger: Pick<Logger, 'debug'>,
): Metrics | undefined {
  if (!config.metrics) return undefined;
  const registry = new client.Registry();
  // Process CPU, memory, handles, GC, and the event loop's lag (sampled every 20 ms by libuv's histogram: cheap,
  // and no JavaScript runs for it while the process idles).
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  new client.Gauge({
    name: 'obra_db_pool_connections',
    help: 'Connections of the database pool by state (PostgreSQL; PGlite has one connection and no pool)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // One statement per scrape fills the three gauges: prom-client collects the families of a scrape concurrently,
  // so the three collects share the statement in flight.
  let reading: Promise<QueueDepth[] | undefined> | undefined;
  const depths = (): Promise<QueueDepth[] | undefined> =>
    (reading ??= queueDepths(database.executor)
      .catch((error: unknown) => {
        // The database is away: the scrape still answers, without the queue's figures.
        logger.debug({ err: (error as Error).message }, 'metrics: the job queue could not be read');
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      }));
  const queueGauge = (name: string, help: string, value: (d: QueueDepth) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const rows = await depths();
        this.reset();
        for (const d of rows ?? []) this.set({ queue: d.queue }, value(d));
      },
    });
  queueGauge('obra_jobs_waiting', 'Jobs that may start now and have not, by queue', (d) => d.waiting);
  queueGauge(
    'obra_jobs_oldest_waiting_seconds',
    'Age of the oldest job that may start and has not, by queue (0: none waits)',
    (d) => d.oldestWaitingSeconds,
  );
  queueGauge('obra_jobs_active', 'Jobs being run by a worker, by queue', (d) => d.active);

  const operations = new client.Histogram({
    name: 'obra_graphql_operation_duration_seconds',
    help: 'GraphQL operations executed, by operation name and type (count is the rate)',
    labelNames: ['operation', 'type'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const operationErrors = new client.Counter({
    name: 'obra_graphql_operation_errors_total',
    help: 'GraphQL operations answered with errors, by operation name and type',
    labelNames: ['operation', 'type'],
    registers: [registry],
  });
  const names = new Set<string>();
  const operationLabel = (name: string): string => {
    if (!OPERATION_NAME.test(name)) return 'invalid';
    if (names.has(name)) return name;
    if (names.size >= MAX_OPERATION_NAMES) return 'other';
    names.add(name);
    return name;
  };

  return {
    registry,
    observeOperation(operation, type, seconds, failed) {
      const labels = { operation: operationLabel(operation), type };
      operations.observe(labels, seconds);
      if (failed) operationErrors.inc(labels);
    },
  };
}

/**
 * Records every request of `app` by method, route pattern and status, counts the websocket clients of `server`,
 * and serves /metrics to whoever may read it (mayReadMetrics).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  config: ObservabilityConfig,
  server: Server,
): void {
  const requests = new client.Histogram({
    name: 'obra_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status (count is the rate)',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    requests.observe(
      { method: req.method, route: req.routeOptions.url ?? '(unmatched)', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  let websockets = 0;
  new client.Gauge({
    name: 'obra_websocket_clients',
    help: 'Open websocket connections (GraphQL subscriptions)',
    registers: [metrics.registry],
    collect() {
      this.set(websockets);
    },
  });
  server.on('upgrade', (_req, socket: { once(event: 'close', listener: () => void): unknown }) => {
    websockets += 1;
    socket.once('close', () => {
      websockets -= 1;
    });
  });

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    const verdict = mayReadMetrics(req, config.metricsToken);
    if (verdict !== 'ok') {
      const code = verdict === 'unauthenticated' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
      if (verdict === 'unauthenticated') reply.header('www-authenticate', 'Bearer');
      return reply
        .status(verdict === 'unauthenticated' ? 401 : 403)
        .send({ code, message: errorMessage(requestLocale(req.headers), code) });
    }
    reply.header('content-type', metrics.registry.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token (from anywhere, loopback too);
 * without it, only a client on this machine that came straight to it — a request that passed through a reverse
 * proxy (X-Forwarded-For, Forwarded, X-Real-IP) is refused even though its socket is local.
 */
export function mayReadMetrics(
  req: Pick<FastifyRequest, 'headers' | 'socket'>,
  token: string | undefined,
): 'ok' | 'unauthenticated' | 'forbidden' {
  if (token) {
    const given = Buffer.from(req.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'unauthenticated';
  }
  const proxied = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => req.headers[h] !== undefined);
  const address = req.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  return loopback && !proxied ? 'ok' : 'forbidden';
}
