import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { ExecutionArgs, GraphQLError, execute, subscribe } from 'graphql';
import type { FastifyRequest } from 'fastify';
import type { ObraYoga } from '../graphql/yoga.ts';
import type { Logger } from 'pino';

/** The graphql-ws endpoint on the same path as HTTP GraphQL; returns a function that closes it. */
export function attachGraphQLWebSocket(server: Server, yoga: ObraYoga, logger: Logger): () => Promise<void> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (request: IncomingMessage, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== yoga.graphqlEndpoint) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
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
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: Object.assign(request, {
            id: `ws-${Math.random().toString(36).slice(2, 10)}`,
          }) as unknown as FastifyRequest,
          socket: ctx.extra.socket,
          params,
        });
        let document;
        try {
          document = parse(params.query);
        } catch (error) {
          // A syntax error is the client's: answer it on this operation, keep the socket open.
          return [error as GraphQLError];
        }
        let errors: readonly GraphQLError[];
        try {
          errors = validate(schema, document);
        } catch (error) {
          // The limit rules (graphql-limits.ts) throw their refusal: answer it on this operation, as over HTTP,
          // instead of closing the socket with an internal error (found by the limits test of issue 8).
          return [error as GraphQLError];
        }
        if (errors.length > 0) return errors;
        const args: EnvelopedArgs = {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await contextFactory(),
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
    await disposable.dispose();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
