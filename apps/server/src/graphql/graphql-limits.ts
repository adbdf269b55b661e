import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import {
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLOutputType,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { AppError } from '@obra/domain';
import { ISSUE_PAGE_SIZE } from '../modules/issues/list/issue-query-service.ts';
import type { GraphQLContext } from './context.ts';

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

/**
 * What an operation may ask for, counting what lists return. graphql-armor's cost ignores list sizes: thirty
 * aliased `getIssues` without `first` (each a page of 500 issues by default) cost as little as one issue and
 * answered 18.5 MB (issue 12). Here a field that returns a page counts its selection once per row it may return:
 * `first` when given as a literal, else the page size the server uses (a variable counts as the largest page, as
 * the server caps it there). The heavy fields, which each query the database for a page or a whole project, may
 * appear only a few times in one operation, whatever their aliases.
 */
export const LIST_COST_LIMITS = {
  // A page of 500 issues asking every field of Issue costs about 157,000 (test/issues/issues-query-count asks
  // it); the web's list page, 22,500. Two pages of every field are refused.
  maxCost: 300_000,
  /** Rows of the fields that return pages, and their largest page; other lists count once, as in armor. */
  pages: { 'Query.getIssues': ISSUE_PAGE_SIZE } as Record<string, number>,
  /** How many times each heavy field may appear in one operation (aliases and fragments included). */
  heavyFields: {
    'Query.getIssues': 2,
    'Query.issuesImages': 2,
    'Query.projectIssuesGeneralData': 2,
  } as Record<string, number>,
} as const;

/** Every GraphQL limit of Obra, on HTTP and on the websocket alike (both run Yoga's envelop). */
export function useGraphQLLimits(options: { anonymousIntrospection: boolean }): Plugin {
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(EnvelopArmorPlugin(GRAPHQL_LIMITS) as Plugin);
    },
    onValidate({ addValidationRule }) {
      addValidationRule(listCostRule);
    },
    onExecute({ args }) {
      if (options.anonymousIntrospection) return;
      const context = args.contextValue as Partial<GraphQLContext> | undefined;
      checkIntrospectionAccess(introspects(args.document), context);
    },
    onParse({ params }) {
      checkDocumentNesting(typeof params.source === 'string' ? params.source : params.source.body);
    },
    onParams({ params }) {
      checkVariablesNesting(params.variables);
    },
  };
}

/*
 * The checks below are shared by Yoga's plugin above and the direct path of persisted operations
 * (direct-operations.ts): one implementation of each limit.
 */

/** Refuses a document whose brackets nest deeper than NESTING_LIMITS.document (before it is parsed). */
export function checkDocumentNesting(source: string): void {
  if (documentNesting(source) > NESTING_LIMITS.document) {
    throw refusal(`Syntax Error: brackets nested deeper than ${NESTING_LIMITS.document} levels.`);
  }
}

/** Refuses variables whose values nest deeper than NESTING_LIMITS.variables (before they are coerced). */
export function checkVariablesNesting(variables: unknown): void {
  const values = variables && typeof variables === 'object' ? Object.values(variables) : [];
  if (values.some((v) => valueNesting(v) > NESTING_LIMITS.variables)) {
    throw refusal(`Variables nested deeper than ${NESTING_LIMITS.variables} levels.`);
  }
}

/**
 * In production the schema is described only to signed-in callers (issue 12): anonymous introspection maps the
 * whole API for an attacker at no cost. `introspecting` is introspects(document), computed once per document
 * where the document is fixed.
 */
export function checkIntrospectionAccess(
  introspecting: boolean,
  context: Partial<Pick<GraphQLContext, 'actor'>> | undefined,
): void {
  if (introspecting && !context?.actor) throw new AppError('UNAUTHENTICATED');
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

/** Whether an operation asks for the schema (`__schema` or `__type`; `__typename` is not introspection). */
export function introspects(document: DocumentNode): boolean {
  let found = false;
  const visit = (selectionSet: SelectionSetNode | undefined): void => {
    for (const selection of selectionSet?.selections ?? []) {
      if (found) return;
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === '__schema' || selection.name.value === '__type') found = true;
        else visit(selection.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
    }
  };
  for (const definition of document.definitions)
    if (definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION)
      visit(definition.selectionSet);
  return found;
}

function fieldsOf(type: unknown): Record<string, GraphQLField<unknown, unknown>> | undefined {
  const getFields = (type as { getFields?: () => Record<string, GraphQLField<unknown, unknown>> } | null)
    ?.getFields;
  return typeof getFields === 'function' ? getFields.call(type) : undefined;
}

function namedType(type: GraphQLOutputType): unknown {
  let current: unknown = type;
  while (current && typeof current === 'object' && 'ofType' in current && current.ofType)
    current = current.ofType;
  return current;
}

/** The list-aware cost of each operation, and the heavy fields it repeats (see LIST_COST_LIMITS). */
export function listCostRule(context: ValidationContext): ASTVisitor {
  const schema = context.getSchema();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);

  const rowsOf = (coordinate: string, field: FieldNode): number => {
    const largest = LIST_COST_LIMITS.pages[coordinate];
    if (largest === undefined) return 1;
    const first = field.arguments?.find((a) => a.name.value === 'first')?.value;
    if (first?.kind === Kind.INT) return Math.max(1, Math.min(Number(first.value), largest));
    return largest;
  };

  return {
    OperationDefinition(operation) {
      const root =
        operation.operation === 'query'
          ? schema.getQueryType()
          : operation.operation === 'mutation'
            ? schema.getMutationType()
            : schema.getSubscriptionType();
      if (!root) return;
      const uses = new Map<string, number>();
      const seen = new Set<string>();
      const cost = (type: unknown, selectionSet: SelectionSetNode, depth: number): number => {
        if (depth > 64) return 0;
        // Duck-typed: Yoga and this module may load different copies of graphql (CommonJS and ES modules),
        // and graphql's type predicates refuse types of the other copy.
        const fields = fieldsOf(type);
        let total = 0;
        for (const selection of selectionSet.selections) {
          if (selection.kind === Kind.INLINE_FRAGMENT) {
            const inner = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
            if (inner) total += cost(inner, selection.selectionSet, depth + 1);
            continue;
          }
          if (selection.kind === Kind.FRAGMENT_SPREAD) {
            const fragment = fragments.get(selection.name.value);
            // A fragment that spreads itself is refused by graphql-js's own rules; count it once.
            if (!fragment || seen.has(fragment.name.value)) continue;
            seen.add(fragment.name.value);
            const inner = schema.getType(fragment.typeCondition.name.value);
            if (inner) total += cost(inner, fragment.selectionSet, depth + 1);
            seen.delete(fragment.name.value);
            continue;
          }
          const name = selection.name.value;
          if (name.startsWith('__')) continue;
          const field = fields?.[name];
          if (!field) continue;
          const coordinate = `${(type as { name: string }).name}.${name}`;
          if (LIST_COST_LIMITS.heavyFields[coordinate] !== undefined)
            uses.set(coordinate, (uses.get(coordinate) ?? 0) + 1);
          const own = selection.selectionSet
            ? 2 + cost(namedType(field.type), selection.selectionSet, depth + 1)
            : 1;
          total += own * rowsOf(coordinate, selection);
        }
        return total;
      };
      const total = cost(root, operation.selectionSet, 0);
      for (const [coordinate, count] of uses) {
        const allowed = LIST_COST_LIMITS.heavyFields[coordinate] ?? count;
        if (count > allowed)
          context.reportError(
            refusal(
              `${coordinate.split('.')[1]} may appear at most ${allowed} times in one operation (found ${count}).`,
            ),
          );
      }
      if (total > LIST_COST_LIMITS.maxCost)
        context.reportError(
          refusal(
            `Query cost ${total} (counting list sizes) exceeds the limit of ${LIST_COST_LIMITS.maxCost}.`,
          ),
        );
    },
  };
}
