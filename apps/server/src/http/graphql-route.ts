import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage } from '@obra/domain';
import type { AppServices } from '../services.ts';
import { buildSchema, createObraYoga, type ObraYoga } from '../graphql/yoga.ts';
import type { GraphQLSchema } from 'graphql';
import { createDirectOperations, type DirectOperations } from '../graphql/direct-operations.ts';
import { compressAnswer } from './compress-answer.ts';
import { requestLocale } from './request-locale.ts';

/**
 * /graphql: the web app's persisted queries and mutations by the direct path (graphql/direct-operations.ts),
 * everything else (texts of access keys and development, subscriptions over SSE, malformed requests) by Yoga.
 * Both share one schema, and their answers leave by the same door (timing header, compression).
 * `direct` makes the direct path on the shared schema (tests wrap it to see which requests it answers); `false`
 * sends everything to Yoga (the tests compare both paths' answers with it).
 */
export function registerGraphQLRoute(
  app: FastifyInstance,
  services: AppServices,
  options: { direct?: false | ((schema: GraphQLSchema) => DirectOperations) } = {},
): ObraYoga {
  const schema = buildSchema();
  const yoga = createObraYoga(services, schema);
  const makeDirect =
    options.direct ??
    ((shared: GraphQLSchema) =>
      createDirectOperations(services, shared, {
        anonymousIntrospection: services.config.env !== 'production',
      }));
  const direct = makeDirect === false ? undefined : makeDirect(schema);
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    // Described by its SDL, not the OpenAPI document.
    schema: { hide: true },
    // Answers are compressed by compressAnswer below (after Server-Timing is set), not by the plugin's pipeline.
    config: { compress: false },
    handler: async (req, reply) => {
      const answer = await direct?.answer(req);
      if (answer) {
        for (const [key, value] of Object.entries(answer.headers)) reply.header(key, value);
        return sendWhole(req, reply, answer.status, Buffer.from(answer.body));
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      const type = response.headers.get('content-type') ?? '';
      if (/^(text\/event-stream|multipart\/)/i.test(type)) {
        // A stream (subscriptions over SSE, incremental delivery): sent as each part comes, uncompressed.
        serverTiming(reply);
        reply.status(response.status);
        req.headers['x-no-compression'] = '1';
        return reply.send(response.body);
      }
      if (response.body === null) {
        // No body (Yoga's 415 for a content type it does not read): answered in the GraphQL error shape.
        serverTiming(reply);
        reply.status(response.status);
        const locale = requestLocale(req.headers, (req as { obraUserLocale?: string | null }).obraUserLocale);
        return reply.send({
          errors: [
            { message: errorMessage(locale, 'BAD_USER_INPUT'), extensions: { code: 'BAD_USER_INPUT' } },
          ],
        });
      }
      return sendWhole(req, reply, response.status, Buffer.from(await response.arrayBuffer()));
    },
  });
  return yoga;
}

// The server's own time for the call, from its arrival to its answer being ready to send (parsing,
// authentication, execution, serialising): shown by browsers' developer tools, read by the benchmarks.
function serverTiming(reply: FastifyReply): void {
  reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
}

/** A single answer, whole, compressed here when it is worth it (small ones stay uncompressed). */
async function sendWhole(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: Buffer,
): Promise<FastifyReply> {
  serverTiming(reply);
  reply.status(status);
  const answer = await compressAnswer(body, req.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (answer.encoding) reply.header('content-encoding', answer.encoding);
  return reply.send(answer.body);
}
