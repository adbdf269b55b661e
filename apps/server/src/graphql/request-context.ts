import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@obra/domain';
import type { AppServices } from '../services.ts';
import { requestLocale } from '../http/request-locale.ts';
import { credentialsFromHeaders, resolveActor, type Credentials } from '../auth/actor-resolver.ts';
import { createGraphQLContext, type GraphQLContext } from './context.ts';

/** What Fastify hands Yoga for each request (and the direct path of persisted operations, the same). */
export interface ServerContext {
  req: FastifyRequest & { obraLocale?: Locale };
  reply?: FastifyReply;
  /** graphql-ws connection parameters (websocket only); `authorization` carries the bearer token. */
  connectionParams?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The context of one operation: the caller resolved from the request's credentials, the language (the caller's
 * saved choice, else Accept-Language; kept on the request for its errors), the client address and origin. Yoga
 * (yoga.ts) and the direct path (direct-operations.ts) both build it here.
 */
export async function requestGraphQLContext(
  services: AppServices,
  req: ServerContext['req'],
  connectionParams?: ServerContext['connectionParams'],
): Promise<GraphQLContext> {
  const actor = await resolveActor(services, requestCredentials(req, connectionParams));
  const locale = requestLocale(req.headers, actor?.account.localeId);
  req.obraLocale = locale;
  const ip = req.ip ?? req.socket?.remoteAddress ?? '';
  return createGraphQLContext({
    services,
    locale,
    requestId: String(req.id),
    actor,
    ip,
    origin: requestOrigin(services, req),
  });
}

// PUBLIC_URL when configured; else the origin the request came to (a websocket upgrade is a bare Node request).
function requestOrigin(services: AppServices, req: ServerContext['req']): string {
  if (services.config.auth.publicUrlConfigured) return services.config.publicUrl;
  const protocol = typeof req.protocol === 'string' ? req.protocol : 'http';
  const host = typeof req.host === 'string' ? req.host : req.headers.host;
  return host ? `${protocol}://${host}` : services.config.publicUrl;
}

// HTTP carries credentials in headers; a websocket carries them in its connection parameters.
export function requestCredentials(
  req: ServerContext['req'],
  connectionParams: ServerContext['connectionParams'],
): Credentials {
  if (!connectionParams) return credentialsFromHeaders(req.headers);
  const text = (key: string): string | undefined => {
    const value = connectionParams[key] ?? connectionParams[key.toLowerCase()];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    authorization: text('Authorization') ?? text('authorization'),
    accessKeyId: text('x-access-key-id'),
    accessKeySecret: text('x-access-key-secret'),
  };
}
