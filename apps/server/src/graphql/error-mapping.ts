import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { errorMessage, isAppError, isErrorCode, type ErrorCode, type Locale } from '@obra/domain';
import type { Logger } from 'pino';
import { isDataExceptionError, isServiceUnavailableError } from '../lib/database-errors.ts';
import { requestErrorReason } from './request-errors.ts';

const CLIENT_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * Maps any error met while executing an operation to a GraphQL error with a catalogue code. Known failures
 * keep their code; GraphQL's own request errors become BAD_USER_INPUT; anything else is logged and becomes
 * INTERNAL_SERVER_ERROR with no internals.
 */
export function toGraphQLError(error: unknown, logger: Logger): GraphQLError {
  const graphQLError = isGraphQLError(error) ? error : undefined;
  const original = graphQLError ? (graphQLError.originalError ?? undefined) : error;
  const path = graphQLError?.path;
  if (isAppError(original)) {
    // The message is the code: localiseError replaces it by the catalogue's text in the user's language (a
    // service's own wording, e.g. "invalid visibility", is for the log and never reaches the client).
    return createGraphQLError(original.code, {
      path,
      extensions: { code: original.code, ...(original.details ? { details: original.details } : {}) },
    });
  }
  if (graphQLError) {
    const code = graphQLError.extensions?.['code'];
    if (typeof code === 'string' && (isErrorCode(code) || CLIENT_CODES.has(code))) {
      // Keep Yoga's HTTP status hint: request errors answer 400, not 500.
      const http = graphQLError.extensions?.['http'];
      return createGraphQLError(graphQLError.message, {
        path,
        extensions: { code, ...(http ? { http } : {}) },
      });
    }
    if (!graphQLError.originalError || isGraphQLError(graphQLError.originalError)) {
      // graphql-js request errors (bad variables, coercion): the message is safe and helps the caller.
      return createGraphQLError(graphQLError.message, {
        path,
        extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
      });
    }
  }
  if (isServiceUnavailableError(original)) {
    // The database is restarting or unreachable: a clear, retryable answer instead of an internal error.
    logger.warn({ err: original }, 'a backing service is unavailable');
    return createGraphQLError('Service unavailable.', {
      path,
      extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } },
    });
  }
  if (isDataExceptionError(original)) {
    logger.warn({ err: original }, 'the database refused a value that input checks let through');
    return createGraphQLError('BAD_USER_INPUT', {
      path,
      extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
    });
  }
  logger.error({ err: original }, 'unexpected error in a GraphQL operation');
  return createGraphQLError('Unexpected error.', { path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

// Checked by shape: tests and bundlers can load two copies of graphql-js, which defeats instanceof.
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/** Gives catalogue errors their message in the user's language and guarantees every error a code. */
export function localiseError(error: unknown, locale: Locale): unknown {
  if (!error || typeof error !== 'object') return error;
  const e = error as { message?: string; extensions?: Record<string, unknown> };
  const code = e.extensions?.['code'];
  if (typeof code !== 'string') {
    const message = e.message ?? '';
    const inferred = /syntax error/i.test(message) ? 'GRAPHQL_PARSE_FAILED' : 'BAD_USER_INPUT';
    const extensions = { ...stripInternal(e.extensions), code: inferred, http: { status: 400 } };
    return localisedRequestError(error, message, extensions, inferred, locale);
  }
  // graphql-js request errors (worded in English for developers) are told by their catalogue reason in the
  // user's language; a service's BAD_USER_INPUT (message = code, see toGraphQLError) is translated.
  if (CLIENT_CODES.has(code) && e.message !== code && isErrorCode(code))
    return localisedRequestError(error, e.message ?? '', stripInternal(e.extensions), code, locale);
  if (!isErrorCode(code)) return rebuilt(error, e.message ?? '', stripInternal(e.extensions));
  return rebuilt(error, errorMessage(locale, code), stripInternal(e.extensions));
}

/**
 * An operation's result with its errors in the user's language (localiseError): the last step of Yoga's answers
 * (yoga.ts) and of the direct path's (direct-operations.ts). Anything but a single result is returned as it is.
 */
export function localiseResult<T>(result: T, locale: Locale): T {
  if (!result || typeof result !== 'object' || !('errors' in result)) return result;
  const errors = (result as { errors?: unknown[] }).errors;
  if (!Array.isArray(errors)) return result;
  return { ...result, errors: errors.map((e) => localiseError(e, locale)) };
}

/**
 * Request errors met outside Yoga's HTTP pipeline (the websocket parses and validates itself), with the code
 * Yoga would give them when they have none, in the user's language.
 */
export function localiseRequestErrors(
  errors: readonly GraphQLError[],
  code: 'GRAPHQL_PARSE_FAILED' | 'GRAPHQL_VALIDATION_FAILED',
  locale: Locale,
): GraphQLError[] {
  return errors.map((error) => {
    const given = error.extensions?.['code'];
    const extensions = { ...stripInternal(error.extensions), code: typeof given === 'string' ? given : code };
    const coded = createGraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions,
    });
    return localiseError(coded, locale) as GraphQLError;
  });
}

/**
 * A request error of graphql-js, Yoga or the limits, in the user's language: the catalogue text of its reason,
 * followed by the API names it is about. The code stays the request error's own; `extensions.reason` (when more
 * precise than the code) and `extensions.subject` tell programs the same; a limit's own wording is kept in
 * `extensions.detail`.
 */
function localisedRequestError(
  error: object,
  message: string,
  extensions: Record<string, unknown>,
  code: ErrorCode,
  locale: Locale,
): unknown {
  const { reason, subject } = requestErrorReason(message, code);
  const text = errorMessage(locale, reason);
  return rebuilt(error, subject ? `${text} (${subject})` : text, {
    ...extensions,
    ...(reason !== code ? { reason } : {}),
    ...(subject ? { subject } : {}),
    // Which limit and its number, in graphql-armor's or Obra's words, for the developer of the request.
    ...(reason === 'GRAPHQL_LIMIT_EXCEEDED' ? { detail: message } : {}),
  });
}

// A GraphQL error stays a GraphQLError: Yoga takes any other object for an unexpected failure and answers HTTP 500
// when the result has no data (a subscription refused over HTTP, found by the fuzzer). Request errors keep HTTP 400
// whatever the Accept header: Yoga's `spec` flag would turn them into 200 for application/json.
function rebuilt(error: object, message: string, extensions: Record<string, unknown>): unknown {
  if (!isGraphQLError(error)) return { ...error, message, extensions };
  const http = extensions['http'];
  const status = http && typeof http === 'object' ? (http as { status?: unknown }).status : undefined;
  const kept =
    http === undefined
      ? extensions
      : { ...extensions, http: typeof status === 'number' ? { status } : undefined };
  return createGraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: kept,
  });
}

function stripInternal(extensions: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!extensions) return {};
  const { originalError: _originalError, stacktrace: _stacktrace, ...rest } = extensions;
  return rest;
}
