import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import { API_PATH_PREFIXES, errorMessage } from '@obra/domain';
import type { AppServices } from '../services.ts';
import type { ObraYoga } from '../graphql/yoga.ts';
import { toPublicError } from '../lib/errors.ts';
import { requestLocale } from './request-locale.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerAnswerCompression } from './compress-answer.ts';
import { registerGraphQLRoute } from './graphql-route.ts';
import { registerOpenApi } from './openapi.ts';
import { registerRestRoutes } from './rest-routes.ts';
import { clientErrorHandler, frameworkErrors } from './framework-errors.ts';
import { observeHttpApp } from '../observability/observe.ts';
import { inRequestScope } from '../lib/request-caller.ts';

/** Path prefixes answered by the API (the domain's list, shared with the service worker). */
export const API_PREFIXES = API_PATH_PREFIXES;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the Fastify application: request ids, errors, health, GraphQL, and the web app. */
export async function buildHttpApp(services: AppServices): Promise<{ app: FastifyInstance; yoga: ObraYoga }> {
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    trustProxy: services.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  // Request metrics, /metrics and request spans (observability/), before any route.
  observeHttpApp(app, services);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // Each handler runs in a scope that remembers the request's caller, so that the units of work it commits note
  // that person's write (read-your-writes with read replicas, db/read-replicas.ts). After the body is read: a
  // scope entered before would be lost on the body stream's events.
  app.addHook('preHandler', (_req, _reply, done) => inRequestScope(done));

  await app.register(fastifyCookie);
  // Answers above 1 kB go out brotli- or gzip-compressed as the client accepts (before the routes: it hooks
  // each route as it is added). Built web assets are compressed at build time and served as they are.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  // Whole answers are compressed in one call ahead of the plugin, which keeps the streamed ones.
  registerAnswerCompression(app);

  app.setErrorHandler((error: FastifyError, req, reply) => {
    const locale = requestLocale(req.headers, (req as { obraUserLocale?: string | null }).obraUserLocale);
    const isClientError =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
    const publicError = isClientError
      ? {
          code: 'BAD_USER_INPUT' as const,
          message: errorMessage(locale, 'BAD_USER_INPUT'),
          status: error.statusCode ?? 400,
        }
      : toPublicError(error, locale);
    if (publicError.status >= 500) req.log.error({ err: error }, 'request failed');
    const retryAfter = publicError.details?.['retryAfterSeconds'];
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    reply.status(publicError.status);
    if (req.url.startsWith('/graphql')) {
      // GraphQL clients expect the GraphQL error shape even when the body never reached Yoga.
      return reply.send({
        errors: [{ message: publicError.message, extensions: { code: publicError.code } }],
      });
    }
    return reply.send({
      code: publicError.code,
      message: publicError.message,
      ...(publicError.details ? { details: publicError.details } : {}),
    });
  });

  // Before the routes: it records each route's schema as it is added (served at /openapi.json).
  await registerOpenApi(app);
  registerSecurityHeaders(app, services.config, services.files.store.externalOrigins);
  await registerRestRoutes(app, services);

  const yoga = registerGraphQLRoute(app, services);

  await registerWebApp(app, services.config.webDistDir);
  return { app, yoga };
}

/**
 * A built asset is immutable (its name is its hash) and a script or style sheet: the document's policies do not
 * apply to it, and revalidation never happens. Its answer drops those headers: about 550 bytes of each of the
 * sign-in page's requests on the wire (HTTP/1.1 does not compress headers). A worker keeps its policy (a
 * worker's own answer sets its Content-Security-Policy).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'permissions-policy',
  'referrer-policy',
  'x-request-id',
  'etag',
  'last-modified',
  'accept-ranges',
];
function trimAssetHeaders(reply: { removeHeader(name: string): unknown }, file: string): void {
  if (/worker/i.test(path.basename(file))) return;
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}

async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      // The .br and .gz files the web build writes next to each asset, chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, file) => {
        if (!file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
        else trimAssetHeaders(res, file);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      const file = path.join(distDir, pathname);
      if (pathname !== '/' && file.startsWith(distDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(distDir, file));
      }
      // Single-page fallback: the client router decides what the path shows.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    const locale = requestLocale(req.headers);
    return reply.status(404).send({ code: 'NOT_FOUND', message: errorMessage(locale, 'NOT_FOUND') });
  });
}
