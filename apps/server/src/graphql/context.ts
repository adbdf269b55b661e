import type { Locale } from '@obra/domain';
import { AppError } from '@obra/domain';
import type { AppServices } from '../services.ts';
import type { Actor } from '../auth/actor.ts';
import type { LiveConnection } from '../realtime/live-connection.ts';
import { createLoaders, type RequestLoaders } from './loaders.ts';

/** What every resolver receives. */
export interface GraphQLContext {
  readonly services: AppServices;
  readonly locale: Locale;
  readonly requestId: string;
  /** The caller, resolved from the bearer token or access key; undefined when anonymous. */
  readonly actor: Actor | undefined;
  /** The client address, for rate limits. */
  readonly ip: string;
  /** Obra's address as the caller reaches it (PUBLIC_URL, else the request's origin): the base of file URLs. */
  readonly origin: string;
  /** The websocket of an operation that runs on one (subscriptions); undefined over HTTP. */
  readonly live?: LiveConnection;
  /** The request's DataLoaders (graphql/loaders.ts): a page's children are read in one query per kind. */
  readonly loaders: RequestLoaders;
}

/** The context of one request (or one subscription), with its own loaders. */
export function createGraphQLContext(fields: Omit<GraphQLContext, 'loaders'>): GraphQLContext {
  const context: GraphQLContext = {
    ...fields,
    loaders: createLoaders(fields.services, () => requireActor(context)),
  };
  return context;
}

/** The caller of a resolver that needs one (the access guard already refused anonymous calls). */
export function requireActor(ctx: Pick<GraphQLContext, 'actor'>): Actor {
  if (!ctx.actor) throw new AppError('UNAUTHENTICATED');
  return ctx.actor;
}
