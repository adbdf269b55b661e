import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';

/**
 * The OpenAPI 3 document of Obra's REST routes, generated from the JSON schemas the routes are validated and
 * serialised with (@fastify/swagger), served at /openapi.json. `docs/openapi.json` is its committed copy
 * (`npm run openapi`; a test fails when it is stale). Routes without a schema (the signed /files transfers, the
 * GraphQL endpoint, the web app) are not in it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Obra REST API',
        version: '1.0.0',
        description:
          'REST routes of Obra. Authenticate with `Authorization: Bearer <access token>` or an access key (Basic). ' +
          'Errors answer `{code, message, details?}` with a code of the error catalogue. GraphQL is at /graphql.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          accessKey: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearer: [] }, { accessKey: [] }],
    },
    // Only routes that declare a schema are documented.
    hideUntagged: true,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
