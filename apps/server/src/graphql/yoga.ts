import fs from 'node:fs';
import path from 'node:path';
import { createSchema, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { Kind, type DocumentNode, type GraphQLSchema } from 'graphql';
import { useGraphQlJit } from '@envelop/graphql-jit';
import type { AppServices } from '../services.ts';
import { requestLocale } from '../http/request-locale.ts';
import type { GraphQLContext } from './context.ts';
import { requestGraphQLContext, type ServerContext } from './request-context.ts';
import { localiseResult, toGraphQLError } from './error-mapping.ts';
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
import type { Resolvers } from './generated/resolvers-types.ts';
import { useGraphQLLimits } from './graphql-limits.ts';
import { usePersistedWebOperations } from './persisted-operations.ts';
import { useOperationObservability } from '../observability/observe.ts';

export { requestCredentials, type ServerContext } from './request-context.ts';

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

export function isQueryOnly(document: DocumentNode | undefined): boolean {
  return (
    document !== undefined &&
    document.definitions.every((d) => d.kind !== Kind.OPERATION_DEFINITION || d.operation === 'query')
  );
}

/** Creates the GraphQL server; HTTP and websocket transports both use it. */
export function createObraYoga(services: AppServices, schema: GraphQLSchema = buildSchema()): ObraYoga {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: services.config.env !== 'production',
    logging: false,
    maskedErrors: { maskError: (error) => toGraphQLError(error, services.logger), isDev: false },
    context: ({ req, connectionParams }) => requestGraphQLContext(services, req, connectionParams),
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

function useLocalisedErrors(): Plugin<GraphQLContext, ServerContext> {
  return {
    onResultProcess({ request, result, setResult, serverContext }) {
      const locale = serverContext?.req?.obraLocale ?? requestLocale(Object.fromEntries(request.headers));
      if (Array.isArray(result)) setResult(result.map((r) => localiseResult(r, locale)) as never);
      else if (result && typeof result === 'object' && !(Symbol.asyncIterator in result)) {
        setResult(localiseResult(result, locale) as never);
      }
    },
  };
}
