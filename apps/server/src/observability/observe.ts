import type { FastifyInstance } from 'fastify';
import type { Plugin } from 'graphql-yoga';
import { getOperationAST, type ExecutionResult } from 'graphql';
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

/**
 * Times each GraphQL operation (metrics by operation name) and runs it inside its own span (tracing), so that its
 * statements are its children. It must come after every plugin that replaces the execute function (graphql-jit):
 * it wraps whichever function is chosen. Nothing is wrapped when both are off.
 */
export function useOperationObservability(metrics: Metrics | undefined): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (!metrics && !currentTracer()) return;
      const operation = getOperationAST(args.document, args.operationName);
      const given = operation?.name?.value ?? args.operationName ?? '';
      const name = given === '' ? 'anonymous' : NAME.test(given) ? given : 'invalid';
      const type = operation?.operation ?? 'query';
      setExecuteFn(async (executeArgs) => {
        const started = performance.now();
        let failed = true;
        try {
          const result = (await inSpan(
            `graphql ${type} ${name}`,
            { 'graphql.operation.name': name, 'graphql.operation.type': type },
            () => executeFn(executeArgs),
          )) as ExecutionResult;
          failed = Array.isArray(result?.errors) && result.errors.length > 0;
          return result;
        } finally {
          metrics?.observeOperation(name, type, (performance.now() - started) / 1000, failed);
        }
      });
    },
  };
}
