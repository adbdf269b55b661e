import type { GraphQLScalarType } from 'graphql';
import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import type { ServerStatusEvent } from '../../realtime/pubsub.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';

/** API version reported by `apiVersion`. */
export const API_VERSION = '1';

/**
 * JSON as graphql-scalars defines it, except that object literals written inline in a document become ordinary
 * objects: graphql-scalars builds them with a null prototype, which drizzle cannot store (createIssue with an inline
 * `pin: {…}` answered INTERNAL_SERVER_ERROR — found by the cluster check of issue 8).
 */
const JSONScalar = new (JSONResolver.constructor as typeof GraphQLScalarType)({
  ...JSONResolver.toConfig(),
  parseLiteral: (ast, variables) => ordinaryJson(JSONResolver.parseLiteral(ast, variables)),
});

/**
 * DateTime as graphql-scalars defines it, except that results are ISO 8601 strings instead of `Date` objects. The
 * JSON on the wire is the same (`Date#toJSON` is `toISOString`), but the response serialiser no longer calls
 * `toJSON` on every date of a result: a list page of 500 issues took 5.8 ms of `JSON.stringify` with dates
 * against 1.8 ms for the same shape with strings (docs/benchmarks.md, issue 5).
 */
export const DateTimeScalar = new (DateTimeResolver.constructor as typeof GraphQLScalarType)({
  ...DateTimeResolver.toConfig(),
  serialize: (value) => {
    const date: unknown = DateTimeResolver.serialize(value);
    return date instanceof Date ? date.toISOString() : date;
  },
});

function ordinaryJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordinaryJson);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ordinaryJson(v)]));
}

/** Scalars, the root fields every schema needs, and the server status subscription. */
export const baseResolvers: Resolvers = {
  JSON: JSONScalar,
  DateTime: DateTimeScalar,
  Query: {
    apiVersion: () => API_VERSION,
  },
  Mutation: {
    noop: () => API_VERSION,
  },
  Subscription: {
    serverStatus: {
      subscribe: (_root, _args, ctx) =>
        ctx.services.pubsub.subscribe('server:status', ctx.services.processId),
      resolve: (payload: ServerStatusEvent) => payload,
    },
  },
};
