import type { FastifyRequest } from 'fastify';
import { getOperationAST, parse, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { normalizedExecutor } from '@graphql-tools/executor';
import { createGraphQLError, processRegularResult } from 'graphql-yoga';
import { defaultExtractPersistedOperationId } from '@graphql-yoga/plugin-persisted-operations';
import type { AppServices } from '../services.ts';
import { requestLocale } from '../http/request-locale.ts';
import {
  observeOperation,
  observesOperations,
  operationLabels,
  type OperationLabels,
} from '../observability/observe.ts';
import type { GraphQLContext } from './context.ts';
import { localiseResult, toGraphQLError } from './error-mapping.ts';
import {
  checkDocumentNesting,
  checkIntrospectionAccess,
  checkVariablesNesting,
  GRAPHQL_LIMITS,
  introspects,
} from './graphql-limits.ts';
import { PERSISTED_OPERATIONS, UNKNOWN_OPERATION } from './persisted-operations.ts';
import { requestGraphQLContext, type ServerContext } from './request-context.ts';

/**
 * The direct path of the web app's operations (issue 35): a request that names a persisted query or mutation by
 * its id, as the web sends it, runs here from the Fastify route of /graphql, without Yoga's fetch-API layer (its
 * Request, its Response, its envelop of plugins per request). Each operation is parsed, limit-checked and compiled
 * once (graphql-jit for queries, Yoga's own executor for mutations), then each request only resolves its caller,
 * checks its variables and runs.
 *
 * It uses the one implementation of each rule Yoga uses: the context (request-context.ts: actor, language,
 * DataLoaders), the limits (graphql-limits.ts), the access guards (wrapped in the shared schema), the error
 * mapping and localisation (error-mapping.ts), the metrics and spans (observability/observe.ts), and Yoga's own
 * result processor for the status and the body. Whatever it does not take, for it would have to re-implement
 * Yoga to answer it the same (texts, batches, malformed parameters, a GET of a mutation, subscriptions, an
 * Accept only a stream answers, an operation name the document does not have), goes on to Yoga unchanged.
 */
export interface DirectOperations {
  /** The answer to a request the direct path takes; undefined hands the request to Yoga. */
  answer(req: ServerContext['req']): Promise<DirectAnswer | undefined>;
}

/** A whole answer, ready for the route to write (and compress). */
export interface DirectAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface DirectParams {
  id: string;
  operationName: string | undefined;
  variables: Record<string, unknown> | undefined;
}

interface PreparedOperation {
  /** The operation's own name (undefined for an anonymous one). */
  name: string | undefined;
  labels: OperationLabels;
  kind: 'query' | 'mutation';
  /** Whether the document asks for the schema (checkIntrospectionAccess), worked out once. */
  introspects: boolean;
  run(context: GraphQLContext, variables: Record<string, unknown> | undefined): unknown;
}

/** Parameters the request parsers of Yoga read; any other (non-null) one in a body is Yoga's to refuse. */
const PARAMETERS = new Set(['query', 'variables', 'operationName', 'extensions']);

/** The media types Yoga answers a single result with, in its order of preference (use-result-processor). */
const REGULAR_MEDIA_TYPES = ['application/graphql-response+json', 'application/json'] as const;

// Yoga's result processor builds a fetch Response; the direct path wants its status, headers and body only.
class PlainResponse {
  constructor(
    readonly body: string,
    readonly init: { status: number; headers: Record<string, string> },
  ) {}
}
const PLAIN_FETCH_API = { Response: PlainResponse } as unknown as Parameters<typeof processRegularResult>[1];

export function createDirectOperations(
  services: AppServices,
  schema: GraphQLSchema,
  options: { anonymousIntrospection: boolean },
): DirectOperations {
  // Prepared on first use: null when the direct path leaves that operation to Yoga.
  const prepared = new Map<string, PreparedOperation | null>();
  const preparedOf = (id: string, text: string): PreparedOperation | null => {
    let operation = prepared.get(id);
    if (operation === undefined) {
      operation = prepare(schema, text);
      prepared.set(id, operation);
    }
    return operation;
  };
  const mask = (error: unknown) => toGraphQLError(error, services.logger);

  const execute = async (
    req: ServerContext['req'],
    operation: PreparedOperation,
    params: DirectParams,
  ): Promise<ExecutionResult> => {
    try {
      checkVariablesNesting(params.variables);
      const context = await requestGraphQLContext(services, req);
      if (!options.anonymousIntrospection) checkIntrospectionAccess(operation.introspects, context);
      const result = (
        observesOperations(services.metrics)
          ? await observeOperation(services.metrics, operation.labels, () =>
              operation.run(context, params.variables),
            )
          : await operation.run(context, params.variables)
      ) as ExecutionResult & { stringify?: unknown };
      return result.errors ? { ...result, errors: result.errors.map(mask) } : result;
    } catch (error) {
      return { errors: [mask(error)] };
    }
  };

  return {
    async answer(req) {
      const params = directParams(req);
      if (!params) return undefined;
      const mediaType = regularMediaType(req.headers.accept);
      if (!mediaType) return undefined;
      const text = PERSISTED_OPERATIONS.get(params.id);
      let result: ExecutionResult;
      if (text === undefined) {
        result = { errors: [mask(createGraphQLError(UNKNOWN_OPERATION.message, UNKNOWN_OPERATION))] };
      } else {
        const operation = preparedOf(params.id, text);
        if (!operation) return undefined;
        // Yoga answers a name the document does not have with its own error.
        if (params.operationName !== undefined && params.operationName !== operation.name) return undefined;
        // Yoga refuses a mutation sent by GET (a link must not change anything).
        if (operation.kind === 'mutation' && req.method !== 'POST') return undefined;
        result = await execute(req, operation, params);
      }
      const locale = req.obraLocale ?? requestLocale(req.headers);
      const response = processRegularResult(
        localiseResult(result, locale),
        PLAIN_FETCH_API,
        mediaType,
      ) as unknown as PlainResponse;
      return { status: response.init.status, headers: response.init.headers, body: response.body };
    },
  };
}

/** Parses, limit-checks and compiles a persisted operation once; null leaves it to Yoga. */
function prepare(schema: GraphQLSchema, text: string): PreparedOperation | null {
  let document: DocumentNode;
  try {
    // The limits Yoga checks as it parses each request (graphql-limits.ts, graphql-armor's token limit).
    checkDocumentNesting(text);
    document = parse(text, { maxTokens: GRAPHQL_LIMITS.maxTokens.n });
  } catch {
    return null;
  }
  const operation = getOperationAST(document);
  if (!operation || operation.operation === 'subscription') return null;
  const labels = operationLabels(document, operation.name?.value);
  const base = { name: operation.name?.value, labels, introspects: introspects(document) };
  if (operation.operation === 'mutation') {
    // As Yoga runs mutations (yoga.ts): its own executor, graphql-js's semantics.
    return {
      ...base,
      kind: 'mutation',
      run: (context, variables) =>
        normalizedExecutor({
          schema,
          document,
          contextValue: context,
          variableValues: variables,
          operationName: operation.name?.value,
        }),
    };
  }
  // As Yoga runs queries (@envelop/graphql-jit, default options): compiled once, its JSON stringifier kept.
  const compiled = compileQuery(schema, document, operation.name?.value, {});
  if (!isCompiledQuery(compiled)) return null;
  return {
    ...base,
    kind: 'query',
    run: async (context, variables) => {
      const result = (await compiled.query(undefined, context, variables)) as ExecutionResult & {
        stringify?: unknown;
      };
      result.stringify = compiled.stringify;
      return result;
    },
  };
}

/**
 * The parameters of a request as Yoga reads them (its GET and JSON POST parsers), when they name a persisted
 * operation by id and nothing else; undefined for anything Yoga would read otherwise or refuse.
 */
function directParams(req: FastifyRequest): DirectParams | undefined {
  let raw: Record<string, unknown>;
  if (req.method === 'GET') {
    // Yoga reads the first of each parameter, an empty one as absent, variables and extensions as JSON.
    const query = (req.query ?? {}) as Record<string, unknown>;
    raw = {};
    for (const key of PARAMETERS) {
      const value = query[key];
      if (value === undefined || value === '') continue;
      if (typeof value !== 'string') return undefined;
      if (key === 'variables' || key === 'extensions') {
        try {
          raw[key] = JSON.parse(value) as unknown;
        } catch {
          return undefined;
        }
      } else raw[key] = value;
    }
  } else if (req.method === 'POST' && isJson(req.headers['content-type'])) {
    const body = req.body;
    if (!isPlainObject(body)) return undefined;
    for (const key of Object.keys(body)) if (body[key] != null && !PARAMETERS.has(key)) return undefined;
    raw = body;
  } else return undefined;
  if (raw['query'] != null) return undefined;
  const { operationName, variables } = raw;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  if (variables != null && !isPlainObject(variables)) return undefined;
  if (raw['extensions'] != null && !isPlainObject(raw['extensions'])) return undefined;
  // The plugin's own reading of the id (version 1, a sha256Hash string); it looks at the parameters only.
  const id = defaultExtractPersistedOperationId(raw as never, undefined as never, undefined as never);
  if (id === null) return undefined;
  return {
    id,
    operationName: operationName ?? undefined,
    variables: (variables ?? undefined) as Record<string, unknown> | undefined,
  };
}

// Yoga's test of a JSON body: the first content type given is application/json, with or without parameters.
function isJson(contentType: string | undefined): boolean {
  const first = contentType?.split(',')[0];
  return first === 'application/json' || Boolean(first?.startsWith('application/json;'));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The media type Yoga answers a single result with for this Accept header (use-result-processor.ts: the last
 * match of the header's types read backwards, utf-8 only); undefined when Yoga would answer otherwise (a stream
 * or 406).
 */
export function regularMediaType(accept: string | undefined): string | undefined {
  const asked = (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',').reverse();
  let chosen: string | undefined;
  for (const entry of asked) {
    const [mediaType, ...parameters] = entry.split(';');
    if (mediaType === undefined) continue;
    const charset = parameters.find((p) => p.includes('charset=')) ?? 'charset=utf-8';
    if (charset !== 'charset=utf-8') continue;
    const [askedType, askedSubtype] = mediaType.split('/');
    for (const candidate of REGULAR_MEDIA_TYPES) {
      const [type, subtype] = candidate.split('/');
      if ((askedType === '*' || askedType === type) && (askedSubtype === '*' || askedSubtype === subtype))
        chosen = candidate;
    }
  }
  return chosen;
}
