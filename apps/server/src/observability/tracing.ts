import type { RequestListener, Server } from 'node:http';
import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TraceIdRatioBasedSampler, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ObservabilityConfig } from '../config.ts';
import { instrumentSqlStatements } from './sql-spans.ts';

/**
 * OpenTelemetry traces (docs/operations.md "Tracing"): one span per HTTP request (named by its route pattern), one
 * per GraphQL operation inside it, and one per SQL statement inside those, exported over OTLP/HTTP (JSON) to
 * OTEL_EXPORTER_OTLP_ENDPOINT. Without that setting nothing here is installed: no context manager, no wrapped
 * listener, no patched statement path, so tracing costs nothing.
 */

let active: { tracer: Tracer; provider: TracerProvider } | undefined;
let contextManagerSet = false;

/** The tracer while tracing is on, else undefined (every hook checks it first). */
export function currentTracer(): Tracer | undefined {
  return active?.tracer;
}

/** Tracing of this process, started by startTracing. */
export interface Tracing {
  /** Sends every finished span now (tests; the shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Starts tracing when an OTLP endpoint is configured; answers undefined (and installs nothing) otherwise. */
export function startTracing(config: ObservabilityConfig, logger: Logger): Tracing | undefined {
  if (!config.otlpEndpoint) return undefined;
  if (!contextManagerSet) {
    // Process-wide and kept: a second server of the same process (tests) reuses it.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    contextManagerSet = true;
  }
  const exporter = new OTLPTraceExporter({
    url: `${config.otlpEndpoint.replace(/\/$/, '')}/v1/traces`,
  });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    // A request's spans share its trace id, so a request is traced whole or not at all.
    sampler: new TraceIdRatioBasedSampler(config.traceSampleRatio),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  active = { provider, tracer: provider.getTracer('obra') };
  instrumentSqlStatements(currentTracer);
  logger.info({ endpoint: config.otlpEndpoint }, 'tracing: spans exported over OTLP/HTTP');
  return {
    async flush() {
      await provider.forceFlush();
    },
    async close() {
      if (active?.provider === provider) active = undefined;
      await provider.shutdown().catch((error: unknown) => {
        logger.warn({ err: (error as Error).message }, 'tracing: the last spans could not be exported');
      });
    },
  };
}

/**
 * Every request of `server` runs inside its own SERVER span, so that whatever it does asynchronously (GraphQL,
 * SQL) becomes its children. Fastify's request listener is wrapped once the app is built; the span's name is the
 * route pattern, set by the hook of traceRoutes (never the URL: it may hold ids and tokens).
 */
export function traceHttpServer(server: Server): void {
  if (!active) return;
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req, res) => {
    const tracer = currentTracer();
    const run = () => {
      for (const listener of listeners) listener.call(server, req, res);
    };
    if (!tracer) return run();
    const span = tracer.startSpan(`${req.method ?? 'HTTP'}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': req.method ?? '' },
    });
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(context.active(), span), run);
  });
}

/** Names each request's span after its route pattern (`GET /projects/:id`). */
export function traceRoutes(app: FastifyInstance): void {
  if (!active) return;
  app.addHook('onRequest', (req, _reply, done) => {
    const span = trace.getActiveSpan();
    if (span) {
      const route = req.routeOptions.url ?? '(unmatched)';
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    done();
  });
}

/** Runs `run` inside a span named `name` when tracing is on (the GraphQL operation); plainly otherwise. */
export function inSpan<T>(
  name: string,
  attributes: Record<string, string>,
  run: () => Promise<T> | T,
): Promise<T> | T {
  const tracer = currentTracer();
  if (!tracer) return run();
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await run();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
