import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { ERROR_SCHEMA, POST_BODY } from './openapi-schemas.ts';

/**
 * The REST routes the OpenAPI document leaves out, each with its reason (docs/api.md, "The OpenAPI document").
 * Every other route Fastify registers is described (test/openapi-coverage.test.ts checks it against the
 * server's own route list).
 */
export const UNDESCRIBED_ROUTES: readonly {
  match: (method: string, url: string) => boolean;
  reason: string;
}[] = [
  { match: (_m, url) => url === '/graphql', reason: 'GraphQL, described by its own SDL (/graphql)' },
  { match: (_m, url) => url.startsWith('/test/'), reason: 'test servers only (TEST_JOB_ROUTES)' },
  {
    match: (_m, url) => url === '/bcf-oauth/*',
    reason:
      "the OAuth2 server's other paths (interaction resumption, session end), listed by its discovery document",
  },
  {
    match: (_m, url) => url === '/metrics',
    reason: 'Prometheus\' text format for operators\' scrapers (docs/operations.md, "Metrics")',
  },
  { match: (m) => m === 'HEAD', reason: 'the HEAD twin of a described GET' },
  { match: (m) => m === 'OPTIONS', reason: 'CORS pre-flight' },
];

/** Whether a route is deliberately left out of the document (static web-app files are hidden by @fastify/static). */
export function isUndescribedRoute(method: string, url: string, hidden: boolean): string | undefined {
  const rule = UNDESCRIBED_ROUTES.find((r) => r.match(method, url));
  if (rule) return rule.reason;
  return hidden ? 'the static web app (its built files and the single-page fallback)' : undefined;
}

/** Every route registered after registerOpenApi, as Fastify announced it (onRoute): method, URL and schema. */
export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
}
const registered = new WeakMap<FastifyInstance, RouteOptions[]>();

/** The routes Fastify registered on this application (its onRoute hook), one row per method. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return (registered.get(app) ?? []).flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
      method: String(method),
      url: route.url,
      hidden: (route.schema as { hide?: boolean } | undefined)?.hide === true,
    })),
  );
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Json = Record<string, unknown>;

/**
 * OpenAPI 3.0 spells JSON Schema's numeric `exclusiveMinimum: n` as `minimum: n, exclusiveMinimum: true` (the
 * routes keep the numeric form their validator reads): rewritten throughout the document.
 */
function toOpenApi30Bounds(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(toOpenApi30Bounds);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const object = node as Json;
  for (const [bound, flag] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof object[flag] === 'number') {
      object[bound] = object[flag];
      object[flag] = true;
    }
  }
  Object.values(object).forEach(toOpenApi30Bounds);
}

/**
 * Whole-document rules: one operation per method (a route answering GET and POST is described twice, with the
 * method in its operationId and no body on the GET), the error answer on every operation, 3.0 bounds.
 */
function finishDocument(document: Json): Json {
  // A wildcard (`/files/*`, its parameter `*`) reads as the parameter `path`.
  const paths = Object.fromEntries(
    Object.entries(document['paths'] as Record<string, Record<string, Json>>).map(([url, item]) => [
      url.replace('{*}', '{path}'),
      JSON.parse(JSON.stringify(item).replaceAll('"name":"*"', '"name":"path"')) as Record<string, Json>,
    ]),
  );
  document['paths'] = paths;
  for (const item of Object.values(paths)) {
    const seen = new Map<string, string[]>();
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const copy = structuredClone(operation);
      item[method] = copy;
      const id = copy['operationId'];
      if (typeof id === 'string') seen.set(id, [...(seen.get(id) ?? []), method]);
      const postBody = copy[POST_BODY];
      delete copy[POST_BODY];
      if (method === 'post' && postBody)
        copy['requestBody'] = { content: { 'application/json': { schema: postBody } } };
      const responses = (copy['responses'] ?? {}) as Record<string, Json>;
      if (!Object.keys(responses).some((code) => /^[45]/.test(code))) {
        responses['4XX'] = { $ref: '#/components/responses/Error' };
        responses['5XX'] = { $ref: '#/components/responses/Error' };
      }
      copy['responses'] = responses;
    }
    for (const [id, methods] of seen) {
      if (methods.length < 2) continue;
      for (const method of methods)
        (item[method] as Json)['operationId'] = `${method}${id[0]?.toUpperCase()}${id.slice(1)}`;
    }
  }
  toOpenApi30Bounds(paths);
  return document;
}

/**
 * The OpenAPI 3.0.3 document of Obra's REST routes, generated from the JSON schemas declared on the routes
 * (@fastify/swagger), served at /openapi.json. `docs/openapi.json` is its committed copy (`npm run openapi`; a
 * test fails when it is stale). Every registered route is described except UNDESCRIBED_ROUTES.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: RouteOptions[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Obra REST API',
        version: '1.0.0',
        description:
          'REST routes of Obra. Authenticate with `Authorization: Bearer <access token>` or an access key (Basic); ' +
          'the BCF-API also takes the access tokens of its OAuth2 server (/bcf-oauth). Errors answer ' +
          "`{code, message, details?}` with a code of the error catalogue, in the caller's language. GraphQL is " +
          'at /graphql.',
        license: { name: 'Proprietary', url: 'https://obra.example/terms' },
      },
      servers: [{ url: '/', description: 'This Obra server' }],
      tags: [
        { name: 'auth', description: 'Sign-up, sign-in, sessions and passwords (docs/api.md)' },
        { name: 'health', description: 'Process and database health' },
        { name: 'files', description: 'Signed file transfers and profile images' },
        { name: 'notifications', description: 'Unsubscribe links of notification e-mails' },
        { name: 'drive', description: 'The project drive (docs/api-drive.md)' },
        { name: 'project-files', description: 'The project files (docs/api-drive.md)' },
        { name: 'viewer', description: 'The document viewer (docs/viewer.md)' },
        { name: 'bim', description: 'BIM models, federated models and views (docs/bim.md)' },
        { name: 'bcf-xml', description: 'BCF-XML import and export (docs/bcf.md)' },
        { name: 'bcf-api', description: 'The BCF-API 3.0 (docs/api-bcf.md)' },
        { name: 'foundation', description: 'The Foundation API 1.0 (docs/api-bcf.md)' },
        { name: 'bcf-oauth', description: 'The OAuth2 server of the BCF-API (docs/api-bcf.md)' },
        { name: 'data-lake', description: 'The data-lake feed and its OData service (docs/data-lake.md)' },
        { name: 'exports', description: 'Issue exports: reports, spreadsheets (docs/exports.md)' },
        { name: 'autodoc', description: 'The partner document platform (docs/integrations.md)' },
        { name: 'openapi', description: 'This document' },
      ],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          accessKey: { type: 'http', scheme: 'basic' },
          bcfOAuth: {
            type: 'oauth2',
            description: 'The OAuth2 server of the BCF-API (authorization code with PKCE; docs/api-bcf.md)',
            flows: {
              authorizationCode: {
                authorizationUrl: '/bcf-oauth/auth',
                tokenUrl: '/bcf-oauth/token',
                refreshUrl: '/bcf-oauth/token',
                scopes: { openid: 'OpenID Connect', offline_access: 'Refresh tokens', bcf: 'The BCF-API' },
              },
            },
          },
        },
        schemas: { Error: structuredClone(ERROR_SCHEMA) as Record<string, unknown> },
        responses: {
          Error: {
            description: 'Refused or failed: a code of the error catalogue and its message',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
      security: [{ bearer: [] }, { accessKey: [] }],
    },
    transformObject: (documentObject) =>
      finishDocument(structuredClone((documentObject as { openapiObject: Json }).openapiObject)) as never,
  });
  app.get(
    '/openapi.json',
    {
      schema: {
        operationId: 'getOpenApiDocument',
        tags: ['openapi'],
        summary: 'This OpenAPI 3.0.3 document',
        security: [],
        response: {
          200: { description: 'The document', type: 'object', additionalProperties: true },
        },
      },
    },
    async () => app.swagger(),
  );
}
