import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { decodeJwt } from 'jose';
import { useServer } from 'graphql-ws/use/ws';
import type { ExecutionArgs, GraphQLError, execute, subscribe } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import type { FastifyRequest } from 'fastify';
import { requestCredentials, type ObraYoga } from '../graphql/yoga.ts';
import { websocketOperationText } from '../graphql/persisted-operations.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import type { AppServices } from '../services.ts';
import type { Actor } from '../auth/actor.ts';
import { isServiceUnavailableError } from '../lib/database-errors.ts';
import { localiseRequestErrors } from '../graphql/error-mapping.ts';
import { requestLocale } from '../http/request-locale.ts';
import { ACCESS_NOTICES_CHANNEL, accessNoticesTopic } from './access-notices.ts';
import { LIVE_CLOSE, type LiveCloseReason, type LiveConnection } from './live-connection.ts';
import { currentSubscriber } from './subscriber-access.ts';

/** How long clients get to answer the close of their websocket at shutdown before it is cut. */
const WEBSOCKET_CLOSE_GRACE_MS = 1_000;

/** The open websockets of signed-in people, so that a change of their access reaches them at once. */
class LiveSockets {
  private readonly byUser = new Map<number, Map<WebSocket, Actor>>();

  add(socket: WebSocket, actor: Actor): void {
    const id = actor.account.id;
    let sockets = this.byUser.get(id);
    if (!sockets) this.byUser.set(id, (sockets = new Map()));
    if (sockets.has(socket)) return;
    sockets.set(socket, actor);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.byUser.get(id) === sockets) this.byUser.delete(id);
    });
  }

  of(userId: number): [WebSocket, Actor][] {
    return [...(this.byUser.get(userId) ?? [])];
  }
}

/**
 * Closes a signed-in connection when the access token it was opened with expires (issue 30 #10: it kept
 * delivering events after expiry). The token was verified when the connection's first operation resolved its
 * caller; its `exp` claim gives the moment. Access keys do not expire.
 */
function closeAtExpiry(socket: WebSocket, authorization: string | undefined, actor: Actor): void {
  const scheduled = socket as WebSocket & { obraExpiryTimer?: NodeJS.Timeout };
  if (actor.via !== 'session' || scheduled.obraExpiryTimer || !authorization?.startsWith('Bearer ')) return;
  let exp: number | undefined;
  try {
    exp = decodeJwt(authorization.slice('Bearer '.length).trim()).exp;
  } catch {
    return;
  }
  if (exp === undefined) return;
  // setTimeout's longest delay is about 24.8 days; access tokens live minutes.
  const delay = Math.min(Math.max(0, exp * 1000 - Date.now()), 2 ** 31 - 1);
  scheduled.obraExpiryTimer = setTimeout(() => closeSocket(socket, 'tokenExpired'), delay);
  scheduled.obraExpiryTimer.unref();
  socket.once('close', () => clearTimeout(scheduled.obraExpiryTimer));
}

/** A backing service away, raw or as Yoga masked it (context errors reach us masked). */
function isUnavailable(error: unknown): boolean {
  return (
    isServiceUnavailableError(error) ||
    (error instanceof Error && (error as GraphQLError).extensions?.['code'] === 'SERVICE_UNAVAILABLE')
  );
}

function closeSocket(socket: WebSocket, why: LiveCloseReason): void {
  const { code, reason } = LIVE_CLOSE[why];
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
    socket.close(code, reason);
}

/**
 * The graphql-ws endpoint on the same path as HTTP GraphQL; returns a function that closes it. Each operation
 * gets its socket as `live` in its context (resolvers end the connection when access ends or the database is
 * away), and access notices (sign-out, removal from a company) close the sockets that lost their access.
 */
export function attachGraphQLWebSocket(
  server: Server,
  yoga: ObraYoga,
  services: AppServices,
): () => Promise<void> {
  const { logger } = services;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const live = new LiveSockets();
  let closing = false;
  server.on('upgrade', (request: IncomingMessage, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (closing || url.pathname !== yoga.graphqlEndpoint) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  const notices = services.pubsub.subscribe(ACCESS_NOTICES_CHANNEL, accessNoticesTopic(services));
  void (async () => {
    for await (const notice of notices) {
      for (const [socket, actor] of live.of(notice.userId)) {
        try {
          const state = await currentSubscriber(services, actor);
          if (state.ended) closeSocket(socket, state.ended);
        } catch (error) {
          if (isUnavailable(error)) closeSocket(socket, 'unavailable');
          else logger.error({ err: error }, 'checking a websocket after an access change failed');
        }
      }
    }
  })().catch((error: unknown) => logger.error({ err: error }, 'access notices stopped'));

  // Redis was away and is back: events published meanwhile were lost. Every client reconnects (1013) and, as
  // after any drop, subscribes again and reloads what it shows (the web's live-resume).
  const stopRecovered = services.pubsub.onRecovered(() => {
    for (const socket of wss.clients) closeSocket(socket, 'unavailable');
  });

  interface EnvelopedArgs extends ExecutionArgs {
    rootValue: { execute: typeof execute; subscribe: typeof subscribe };
  }

  const disposable = useServer(
    {
      execute: (args) => (args as EnvelopedArgs).rootValue.execute(args),
      subscribe: (args) => (args as EnvelopedArgs).rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const request = ctx.extra.request;
        const socket = ctx.extra.socket;
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: Object.assign(request, {
            id: `ws-${Math.random().toString(36).slice(2, 10)}`,
          }) as unknown as FastifyRequest,
          socket,
          params,
        });
        // Request errors are answered in the connection's language, as over HTTP.
        const locale = requestLocale(request.headers);
        // The web sends the id of an operation the server holds; a text only where GRAPHQL_OPERATIONS allows it.
        const credentials = requestCredentials(request as unknown as FastifyRequest, ctx.connectionParams);
        const text = await websocketOperationText(services, params, credentials);
        if (text instanceof Error) return [text as GraphQLError];
        let document;
        try {
          document = parse(text);
        } catch (error) {
          // A syntax error is the client's: answer it on this operation, keep the socket open.
          return localiseRequestErrors([error as GraphQLError], 'GRAPHQL_PARSE_FAILED', locale);
        }
        let errors: readonly GraphQLError[];
        try {
          errors = validate(schema, document);
        } catch (error) {
          // The limit rules (graphql-limits.ts) throw their refusal: answer it on this operation, as over HTTP,
          // instead of closing the socket with an internal error (found by the limits test of issue 8).
          return localiseRequestErrors([error as GraphQLError], 'GRAPHQL_VALIDATION_FAILED', locale);
        }
        if (errors.length > 0) return localiseRequestErrors(errors, 'GRAPHQL_VALIDATION_FAILED', locale);
        let contextValue: GraphQLContext;
        try {
          contextValue = (await contextFactory()) as unknown as GraphQLContext;
        } catch (error) {
          // The caller could not be resolved because the database is away: ask the client to come back later
          // (graphql-ws closes the socket with a final 4500 on an error thrown here).
          if (!isUnavailable(error)) throw error;
          closeSocket(socket, 'unavailable');
          // Made by Yoga's copy of graphql: graphql-ws checks the errors with its instanceof.
          return [
            createGraphQLError('Service unavailable.', { extensions: { code: 'SERVICE_UNAVAILABLE' } }),
          ];
        }
        if (contextValue.actor) {
          live.add(socket, contextValue.actor);
          closeAtExpiry(socket, credentials.authorization, contextValue.actor);
        }
        const connection: LiveConnection = { close: (why) => closeSocket(socket, why) };
        Object.assign(contextValue, { live: connection });
        const args: EnvelopedArgs = {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue,
          rootValue: { execute, subscribe },
        };
        return args;
      },
      onError: (_ctx, _id, _payload, errors) => {
        logger.debug({ errors: errors.map((e) => e.message) }, 'graphql-ws operation error');
      },
    },
    wss,
  );
  return async () => {
    closing = true;
    stopRecovered();
    await notices.return?.();
    // graphql-ws sends every client a close (1001 Going away) and waits until all have answered it. A peer that
    // never answers (a load balancer holding the connection, a frozen tab) would hold the shutdown for ws's
    // 30 s close timeout: after a short grace, whatever is still open is cut.
    const clients = [...wss.clients];
    const cut = setTimeout(() => {
      for (const client of clients) client.terminate();
    }, WEBSOCKET_CLOSE_GRACE_MS);
    try {
      await disposable.dispose();
    } finally {
      clearTimeout(cut);
    }
  };
}
