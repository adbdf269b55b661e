import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { AppServices } from '../services.ts';
import { registerOpenApi } from './openapi.ts';
import { registerRestRoutes } from './rest-routes.ts';

/**
 * The OpenAPI document of Obra's REST routes without a running server: every REST route is registered on a bare
 * Fastify instance (their handlers are never called) by the same registerRestRoutes as build-app. `npm run
 * openapi` writes it to docs/openapi.json; test/drive/openapi.test.ts fails when the committed copy is stale.
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-openapi-'));
  // What the routes read while they are registered (the OAuth2 server's issuer and keys); nothing else is used.
  const services = {
    config: { publicUrl: 'http://localhost', dataDir, trustProxy: false, testJobRoutes: false },
    database: {},
    files: {},
  } as unknown as AppServices;
  const app = Fastify({ logger: false });
  try {
    await registerOpenApi(app);
    await registerRestRoutes(app, services);
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
