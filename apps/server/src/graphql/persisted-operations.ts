import fs from 'node:fs';
import path from 'node:path';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { AppServices } from '../services.ts';
import { credentialsFromHeaders, resolveActor, type Credentials } from '../auth/actor-resolver.ts';
import type { GraphQLContext } from './context.ts';

/**
 * The web app's operations by persisted id (scripts/persisted-operations.ts writes them at codegen): a request
 * from the web carries the id in `extensions.persistedQuery.sha256Hash` instead of the text, and the server runs
 * the text it holds, parsed and validated once (docs/operations.md "Persisted operations").
 */
export const PERSISTED_OPERATIONS: ReadonlyMap<string, string> = new Map(
  Object.entries(
    JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, 'generated', 'persisted-operations.json'), 'utf8'),
    ) as Record<string, string>,
  ),
);

/** The persisted id a request names, if any (the APQ shape the web client sends, over HTTP and websocket). */
export function persistedIdOf(extensions: unknown): string | undefined {
  if (!extensions || typeof extensions !== 'object') return undefined;
  const persisted = (extensions as { persistedQuery?: unknown }).persistedQuery;
  if (!persisted || typeof persisted !== 'object') return undefined;
  const id = (persisted as { sha256Hash?: unknown }).sha256Hash;
  return typeof id === 'string' ? id : undefined;
}

/** Refused operations: an unknown id (a web app older than the server), or a text where only ids are run. */
export const UNKNOWN_OPERATION = {
  message: 'PersistedQueryNotFound',
  extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
} as const;
export const ARBITRARY_OPERATION_REFUSED = {
  message: 'FORBIDDEN',
  extensions: { code: 'FORBIDDEN', http: { status: 403 } },
} as const;

/**
 * Whether a request may run an operation of its own (a text): always under GRAPHQL_OPERATIONS=any; otherwise only
 * for access keys (scripts and integrations, authenticated here: a header that only looks like a key is refused).
 */
export async function mayRunArbitraryOperations(
  services: AppServices,
  credentials: Credentials,
): Promise<boolean> {
  if (services.config.graphqlOperations === 'any') return true;
  const keyed = Boolean(credentials.accessKeyId) || /^\s*basic\s/i.test(credentials.authorization ?? '');
  if (!keyed) return false;
  const actor = await resolveActor(services, credentials).catch(() => undefined);
  return actor?.via === 'accessKey';
}

/** The Yoga plugin: persisted ids resolved to their texts (validation skipped: they were validated at build). */
export function usePersistedWebOperations(services: AppServices): Plugin<GraphQLContext> {
  return usePersistedOperations({
    getPersistedOperation: (id) => PERSISTED_OPERATIONS.get(id) ?? null,
    allowArbitraryOperations: (request) =>
      mayRunArbitraryOperations(services, credentialsFromHeaders(Object.fromEntries(request.headers))),
    skipDocumentValidation: true,
    customErrors: {
      notFound: UNKNOWN_OPERATION,
      persistedQueryOnly: ARBITRARY_OPERATION_REFUSED,
      keyNotFound: UNKNOWN_OPERATION,
    },
  }) as Plugin<GraphQLContext>;
}

/** The same rule on the websocket: the text a subscribe message runs, or the error that refuses it. */
export async function websocketOperationText(
  services: AppServices,
  params: { query?: unknown; extensions?: unknown },
  credentials: Credentials,
): Promise<string | Error> {
  const id = persistedIdOf(params.extensions);
  if (id !== undefined) {
    return PERSISTED_OPERATIONS.get(id) ?? createGraphQLError(UNKNOWN_OPERATION.message, UNKNOWN_OPERATION);
  }
  if (!(await mayRunArbitraryOperations(services, credentials))) {
    return createGraphQLError(ARBITRARY_OPERATION_REFUSED.message, ARBITRARY_OPERATION_REFUSED);
  }
  return typeof params.query === 'string' ? params.query : '';
}
