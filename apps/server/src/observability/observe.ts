import type { FastifyInstance } from 'fastify';
import type { Plugin } from 'graphql-yoga';
import { getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import type { AppServices } from '../services.ts';
import { registerMetrics, type Metrics } from './metrics.ts';
import { currentTracer, inSpan, traceHttpServer, traceRoutes } from './tracing.ts';

/**
 * The hooks an HTTP application of Obra gets (the full app and a worker's health-only one): request metrics and
 * /metrics when METRICS is on, request spans when tracing is on. Called right after the app is created, before
 * any route.
 */
export function observeHttpApp(
  app: FastifyInstance,
  services: Pick<AppServices, 'config' | 'metrics'>,
): void {
  traceHttpServer(app.server);
  traceRoutes(app);
  if (services.metrics) registerMetrics(app, services.metrics, services.config.observability, app.server);
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

/** How an operation is named in metrics and spans: its own name (or the one asked for), and its kind. */
export interface OperationLabels {
  name: string;
  type: string;
}

/** The labels of the operation `operationName` picks in `document` (`anonymous` or `invalid` when it has none). */
export function operationLabels(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationLabels {
  const operation = getOperationAST(document, operationName);
  const given = operation?.name?.value ?? operationName ?? '';
  const name = given === '' ? 'anonymous' : NAME.test(given) ? given : 'invalid';
  return { name, type: operation?.operation ?? 'query' };
}

/** Whether operations are observed at all (metrics or tracing on): when not, they run unwrapped. */
export function observesOperations(metrics: Metrics | undefined): boolean {
  return metrics !== undefined || currentTracer() !== undefined;
}

/**
 * Runs one GraphQL operation timed (metrics by operation name) and inside its own span (tracing), so that its
 * statements are its children. Both ways of running an operation use it: Yoga's (useOperationObservability) and
 * the direct path of persisted operations (graphql/direct-operations.ts).
 */
export async function observeOperation(
  metrics: Metrics | undefined,
  { name, type }: OperationLabels,
  run: () => unknown,
): Promise<ExecutionResult> {
  const started = performance.now();
  let failed = true;
  try {
    const result = (await inSpan(
      `graphql ${type} ${name}`,
      { 'graphql.operation.name': name, 'graphql.operation.type': type },
      run,
    )) as ExecutionResult;
    failed = Array.isArray(result?.errors) && result.errors.length > 0;
    return result;
  } finally {
    metrics?.observeOperation(name, type, (performance.now() - started) / 1000, failed);
  }
}

/**
 * Times and traces each GraphQL operation Yoga runs (observeOperation). It must come after every plugin that
 * replaces the execute function (graphql-jit): it wraps whichever function is chosen. Nothing is wrapped when
 * both are off.
 */
export function useOperationObservability(metrics: Metrics | undefined): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (!observesOperations(metrics)) return;
      const labels = operationLabels(args.document, args.operationName);
      setExecuteFn((executeArgs) => observeOperation(metrics, labels, () => executeFn(executeArgs)));
    },
  };
}
