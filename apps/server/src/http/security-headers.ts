import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The Content-Security-Policy of every answer. Scripts only from Obra itself; styles also inline (Mantine
 * writes its theme variables in a style tag); images also from data: and blob: (the markup editor exports and
 * previews); frames of Obra only inside Obra and the embedding hosts the deployment allows (EMBEDDING_HOSTS).
 */
export function contentSecurityPolicy(
  embeddingHosts: readonly string[],
  fileOrigins: readonly string[] = [],
): string {
  // An S3 bucket receives uploads and answers image downloads (after Obra's signed redirect) from the browser.
  const files = fileOrigins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${files}`,
    "font-src 'self' data:",
    // blob: lets the markup editor fetch a picture the user just chose, before it is uploaded (issue pin); data:
    // the inline images of a compare link (the editor fetches every image it draws).
    `connect-src 'self'${files} blob: data:`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self'${embeddingHosts.map((h) => ` ${h}`).join('')}`,
  ].join('; ');
}

/** Whether a browser origin may call the API with credentials (CORS_ORIGINS; same origin needs no entry). */
export function isAllowedOrigin(
  config: Pick<Config, 'corsOrigins'>,
  origin: string | undefined,
): origin is string {
  return origin !== undefined && config.corsOrigins.includes(origin);
}

/** Security headers on every answer and CORS for the configured origins. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  fileOrigins: readonly string[] = [],
): void {
  const csp = contentSecurityPolicy(config.embeddingHosts, fileOrigins);
  const https = config.publicUrl.startsWith('https://');
  app.addHook('onRequest', async (req, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const origin = req.headers.origin;
    if (isAllowedOrigin(config, origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
      if (req.method === 'OPTIONS') {
        reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
        reply.header(
          'access-control-allow-headers',
          'authorization, content-type, x-request-id, accept-language, x-access-key-id, x-access-key-secret',
        );
        reply.header('access-control-max-age', '600');
        return reply.status(204).send();
      }
    }
    return undefined;
  });
}
