import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/**
 * Limits against hostile operations (deeply nested, alias-amplified or huge documents). Generous for the
 * app's own operations (the deepest, an issue with comments and their images, is 7 levels; the standard introspection query, 21).
 */
export const GRAPHQL_LIMITS = {
  maxDepth: { n: 25, ignoreIntrospection: false },
  maxAliases: { n: 30 },
  maxDirectives: { n: 50 },
  maxTokens: { n: 10_000 },
  costLimit: { maxCost: 50_000 },
  blockFieldSuggestion: { enabled: true },
} as const;

/**
 * How deeply brackets may nest in a document, and each variable's value. graphql-js parses, validates and
 * coerces recursively: a literal nested a few thousand levels (within the token limit) overflowed the stack and
 * answered INTERNAL_SERVER_ERROR (found by the fuzzer). No real operation comes near: selections stop at 25 levels.
 */
export const NESTING_LIMITS = { document: 100, variables: 64 } as const;

/** Every GraphQL limit of Obra, on HTTP and on the websocket alike (both run Yoga's envelop). */
export function useGraphQLLimits(): Plugin {
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(EnvelopArmorPlugin(GRAPHQL_LIMITS) as Plugin);
    },
    onParse({ params }) {
      const source = typeof params.source === 'string' ? params.source : params.source.body;
      if (documentNesting(source) > NESTING_LIMITS.document) {
        throw refusal(`Syntax Error: brackets nested deeper than ${NESTING_LIMITS.document} levels.`);
      }
    },
    onParams({ params }) {
      const variables =
        params.variables && typeof params.variables === 'object' ? Object.values(params.variables) : [];
      if (variables.some((v) => valueNesting(v) > NESTING_LIMITS.variables)) {
        throw refusal(`Variables nested deeper than ${NESTING_LIMITS.variables} levels.`);
      }
    },
  };
}

function refusal(message: string) {
  return createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
}

/** The deepest nesting of `{`, `[` and `(` outside strings and comments (a scan, not a parse: it cannot overflow). */
export function documentNesting(source: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (c === '"') {
      if (source.startsWith('"""', i)) {
        const end = source.indexOf('"""', i + 3);
        i = end < 0 ? source.length : end + 2;
      } else {
        for (i++; i < source.length && source[i] !== '"' && source[i] !== '\n'; i++)
          if (source[i] === '\\') i++;
      }
    } else if (c === '{' || c === '[' || c === '(') {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === '}' || c === ']' || c === ')') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/** The deepest nesting of arrays and objects in a JSON value, measured without recursion. */
export function valueNesting(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > NESTING_LIMITS.variables) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current))
      stack.push([child, depth + 1]);
  }
  return deepest;
}
