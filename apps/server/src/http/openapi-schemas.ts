import type { FastifySchema, RouteShorthandOptions } from 'fastify';

/**
 * The JSON body of the POST of a route that answers GET and POST alike (Fastify refuses a body schema on a route
 * with GET): openapi.ts makes it the POST operation's request body.
 */
export const POST_BODY = 'x-post-body';

/** The error answer of every REST route: a code of the error catalogue and its message in the caller's language. */
export const ERROR_SCHEMA = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'A code of the error catalogue (packages/domain errors)' },
    message: { type: 'string', description: "The code's message in the caller's language" },
    details: { type: 'object', additionalProperties: true, description: 'The field concerned, limits, …' },
  },
} as const;

/** `4xx`/`5xx` answers for a route's response schema. */
export const ERROR_ANSWERS = {
  '4xx': { description: 'Refused: a code of the error catalogue and its message', ...ERROR_SCHEMA },
  '5xx': { description: 'Failed or unavailable (503 while the database is away)', ...ERROR_SCHEMA },
} as const;

/** A JSON answer of any shape documented by a description (the route does not constrain it further). */
export function jsonAnswer(
  description: string,
  schema: Record<string, unknown> = {},
): Record<string, unknown> {
  return { description, type: 'object', additionalProperties: true, ...schema };
}

/** A JSON array answer. */
export function jsonList(description: string, items: Record<string, unknown>): Record<string, unknown> {
  return { description, type: 'array', items };
}

/** A bodiless answer (204, or a redirect). */
export function emptyAnswer(description: string): Record<string, unknown> {
  return { description, type: 'null' };
}

/** A redirect answer with its Location header. */
export function redirectAnswer(description: string): Record<string, unknown> {
  return {
    description,
    type: 'null',
    headers: { location: { type: 'string', description: 'Where the client goes next' } },
  };
}

/** A binary answer of the given media types. */
export function binaryAnswer(description: string, types: string[] = ['application/octet-stream']) {
  return {
    description,
    content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
  };
}

/** An HTML page answer. */
export function htmlAnswer(description: string) {
  return { description, content: { 'text/html': { schema: { type: 'string' } } } };
}

export const STRING = { type: 'string' } as const;
export const INTEGER = { type: 'integer' } as const;
export const BOOLEAN = { type: 'boolean' } as const;
export const ANY_OBJECT = { type: 'object', additionalProperties: true } as const;

/** Path parameters, all strings (the handler reads and checks them). */
export function pathParams(...names: string[]) {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
  } as const;
}

/** A query string of optional string parameters with their descriptions. */
export function queryParams(properties: Record<string, string | Record<string, unknown>>) {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, value]) => [
        name,
        typeof value === 'string' ? { type: 'string', description: value } : value,
      ]),
    ),
  } as const;
}

/**
 * Route options that DESCRIBE a route whose handler reads and checks its own input (with the catalogue's
 * codes its clients already rely on, e.g. the identity routes' Cognito-style codes or the BCF-API's answers) and
 * whose answers are not reshaped: the schema goes to the OpenAPI document, and neither Ajv nor the
 * schema-driven serialiser touch the request or the answer (which a response schema would otherwise filter).
 * Routes that validate with their schema (drive, files, viewer, BIM) declare it as usual.
 */
export function described(schema: FastifySchema & Record<string, unknown>): RouteShorthandOptions {
  return {
    schema,
    validatorCompiler: () => () => true,
    serializerCompiler: () => (data) => JSON.stringify(data),
  };
}
