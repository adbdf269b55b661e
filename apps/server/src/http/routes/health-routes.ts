import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';
import { HEALTH_ROUTES } from '../openapi-platform.ts';

/** Process and database health, for load balancers and orchestrators (DESIGN §1). */
export function registerHealthRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/healthz', { ...HEALTH_ROUTES.healthz, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { ...HEALTH_ROUTES.readyz, logLevel: 'warn' }, async (_req, reply) => {
    try {
      await withTimeout(services.database.ping(), 2_000);
      return { status: 'ok', database: services.database.kind };
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', code: 'SERVICE_UNAVAILABLE', database: services.database.kind });
    }
  });
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
