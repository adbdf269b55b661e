import Fastify from 'fastify';
import type { AppServices } from '../services.ts';
import { registerOpenApi } from './openapi.ts';
import { registerDriveRoutes } from './routes/drive/drive-routes.ts';
import { registerProjectFilesRoutes } from './routes/files/files-routes.ts';
import { registerViewerRoutes } from './routes/viewer-routes.ts';
import { registerBimRoutes } from './routes/bim/bim-routes.ts';

/**
 * The OpenAPI document of Obra's REST routes without a running server: the routes are registered on a bare
 * Fastify instance (their handlers are never called), exactly as build-app registers them. `npm run openapi`
 * writes it to docs/openapi.json; test/drive/openapi.test.ts fails when the committed copy is stale.
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const app = Fastify({ logger: false });
  await registerOpenApi(app);
  registerDriveRoutes(app, {} as AppServices);
  registerProjectFilesRoutes(app, {} as AppServices);
  registerViewerRoutes(app, {} as AppServices);
  registerBimRoutes(app, {} as AppServices);
  await app.ready();
  const document = app.swagger();
  await app.close();
  return document;
}
