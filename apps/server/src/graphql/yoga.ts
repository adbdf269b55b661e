import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSchema, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { Kind, type DocumentNode, type GraphQLSchema } from 'graphql';
import { useGraphQlJit } from '@envelop/graphql-jit';
import type { Locale } from '@obra/domain';
import type { AppServices } from '../services.ts';
import { requestLocale } from '../http/request-locale.ts';
import { createGraphQLContext, type GraphQLContext } from './context.ts';
import { localiseError, toGraphQLError } from './error-mapping.ts';
import { baseResolvers } from './resolvers/base-resolvers.ts';
import { enumsResolvers } from './resolvers/enums-resolvers.ts';
import { identityResolvers } from './resolvers/identity-resolvers.ts';
import { projectsResolvers } from './resolvers/projects-resolvers.ts';
import { companiesResolvers } from './resolvers/companies-resolvers.ts';
import { issuesResolvers } from './resolvers/issues-resolvers.ts';
import { issuesWorkflowResolvers } from './resolvers/issues-workflow-resolvers.ts';
import { issueCommentsResolvers } from './resolvers/issue-comments-resolvers.ts';
import { issueEventsResolvers } from './resolvers/issue-events-resolvers.ts';
import { issueImagesResolvers } from './resolvers/issue-images-resolvers.ts';
import { profileImagesResolvers } from './resolvers/profile-images-resolvers.ts';
import { notificationsResolvers } from './resolvers/notifications-resolvers.ts';
import { dashboardsResolvers } from './resolvers/dashboards-resolvers.ts';
import { savedViewsResolvers } from './resolvers/saved-views-resolvers.ts';
import { smartFlowResolvers } from './resolvers/smart-flow-resolvers.ts';
import { drivePlanResolvers } from './resolvers/drive-plan-resolvers.ts';
import { aiResolvers } from './resolvers/ai-resolvers.ts';
import { retrospectiveResolvers } from './resolvers/retrospective-resolvers.ts';
import { downloadsResolvers } from './resolvers/downloads-resolvers.ts';
import { supportResolvers } from './resolvers/support-resolvers.ts';
import { applyAccessGuards } from './access-guards.ts';
import { credentialsFromHeaders, resolveActor, type Credentials } from '../auth/actor-resolver.ts';
import type { Resolvers } from './generated/resolvers-types.ts';
import { useGraphQLLimits } from './graphql-limits.ts';
import { usePersistedWebOperations } from './persisted-operations.ts';
import { useOperationObservability } from '../observability/observe.ts';

/** What Fastify hands Yoga for each request. */
export interface ServerContext {
  req: FastifyRequest & { obraLocale?: Locale };
  reply?: FastifyReply;
  /** graphql-ws connection parameters (websocket only); `authorization` carries the bearer token. */
  connectionParams?: Readonly<Record<string, unknown>> | undefined;
}

/** The typed Yoga instance of Obra. */
export type ObraYoga = YogaServerInstance<ServerContext, GraphQLContext>;

const schemaDir = path.join(import.meta.dirname, 'schema');

/** The SDL files of the API contract, in a stable order. */
export function loadTypeDefs(): string[] {
  return fs
    .readdirSync(schemaDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)))
    .map((f) => fs.readFileSync(path.join(schemaDir, f), 'utf8'));
}

/** Every resolver map of the API; each area adds its own. */
export const resolverMaps: Resolvers[] = [
  baseResolvers,
  enumsResolvers,
  identityResolvers,
  projectsResolvers,
  companiesResolvers,
  issuesResolvers,
  issuesWorkflowResolvers,
  issueCommentsResolvers,
  issueEventsResolvers,
  issueImagesResolvers,
  profileImagesResolvers,
  notificationsResolvers,
  dashboardsResolvers,
  savedViewsResolvers,
  smartFlowResolvers,
  drivePlanResolvers,
  aiResolvers,
  retrospectiveResolvers,
  downloadsResolvers,
  supportResolvers,
];

/** Builds the executable schema from the SDL files and the resolver maps, every root field access-guarded. */
export function buildSchema(): GraphQLSchema {
  return applyAccessGuards(
    createSchema<GraphQLContext>({
      typeDefs: loadTypeDefs(),
      resolvers: resolverMaps as never,
    }),
  );
}

function isQueryOnly(document: DocumentNode | undefined): boolean {
  return (
    document !== undefined &&
    document.definitions.every((d) => d.kind !== Kind.OPERATION_DEFINITION || d.operation === 'query')
  );
}

/** Creates the GraphQL server; HTTP and websocket transports both use it. */
export function createObraYoga(services: AppServices): ObraYoga {
  return createYoga<ServerContext, GraphQLContext>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: services.config.env !== 'production',
    logging: false,
    maskedErrors: { maskError: (error) => toGraphQLError(error, services.logger), isDev: false },
    context: async ({ req, connectionParams }) => {
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
    },
    // CORS is answered by the Fastify hook for the configured origins; Yoga adds none of its own.
    cors: false,
    plugins: [
      // The web app sends the id of an operation the server holds (persisted-operations.ts); other texts only
      // where GRAPHQL_OPERATIONS allows them.
      usePersistedWebOperations(services),
      // Depth, aliases, directives, tokens, cost and nesting limits (graphql-limits.ts).
      useGraphQLLimits({ anonymousIntrospection: services.config.env !== 'production' }),
      // Queries run compiled (graphql-jit): the issue list returns tens of thousands of fields per page, and
      // compiled execution is several times cheaper than graphql-js walking them (docs/benchmarks.md).
      // Mutations and subscriptions stay on graphql-js: they return little, and keep its exact semantics.
      useGraphQlJit({}, { enableIf: ({ document }) => isQueryOnly(document) }),
      useLocalisedErrors(),
      // Last: it times and traces whichever execute function the plugins above chose (observability/).
      useOperationObservability(services.metrics),
    ],
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

function useLocalisedErrors(): Plugin<GraphQLContext, ServerContext> {
  return {
    onResultProcess({ request, result, setResult, serverContext }) {
      const locale = serverContext?.req?.obraLocale ?? requestLocale(Object.fromEntries(request.headers));
      const localise = (r: unknown): unknown => {
        if (!r || typeof r !== 'object' || !('errors' in r)) return r;
        const errors = (r as { errors?: unknown[] }).errors;
        if (!Array.isArray(errors)) return r;
        return { ...r, errors: errors.map((e) => localiseError(e, locale)) };
      };
      if (Array.isArray(result)) setResult(result.map(localise) as never);
      else if (result && typeof result === 'object' && !(Symbol.asyncIterator in result)) {
        setResult(localise(result) as never);
      }
    },
  };
}
