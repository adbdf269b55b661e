import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { errorMessage } from '@obra/domain';
import type { AppServices } from '../services.ts';
import { registerHealthRoutes } from './routes/health-routes.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { requestLocale } from './request-locale.ts';
import { observeHttpApp } from '../observability/observe.ts';

/**
 * The HTTP side of a `worker` process: only `/healthz`, `/readyz` and `/metrics`, so that an orchestrator can probe it like
 * any other process. It serves no API and no web app: a worker never takes user traffic by mistake.
 */
export async function buildHealthOnlyApp(services: AppServices): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    bodyLimit: 1024,
    genReqId: () => randomUUID(),
  });
  observeHttpApp(app, services);
  registerSecurityHeaders(app, services.config);
  registerHealthRoutes(app, services);
  app.setNotFoundHandler((req, reply) =>
    reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: errorMessage(requestLocale(req.headers), 'NOT_FOUND') }),
  );
  await app.ready();
  return app;
}
