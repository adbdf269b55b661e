import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from 'graphql';
import type { Random } from './prng.ts';
import { deeplyNestedJson, randomJson, randomValue, type ValuePools } from './value-generator.ts';

/** One GraphQL request body to send (`body` may be deliberately not an object). */
export interface FuzzRequest {
  /** Root field aimed at, for the report. */
  target: string;
  body: unknown;
  /** The body as already-serialised text, when it cannot go through JSON.stringify (deep nesting). */
  raw?: string;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Builds random operations for the root fields of a schema, valid-looking or deliberately broken. */
export class OperationGenerator {
  constructor(
    private readonly rnd: Random,
    private readonly pools: ValuePools,
  ) {}

  /** An operation on one root field of `root` (Query or Mutation). */
  operation(
    kind: 'query' | 'mutation' | 'subscription',
    root: GraphQLObjectType,
    field: GraphQLField<unknown, unknown>,
  ): FuzzRequest {
    const rnd = this.rnd;
    const malformed = rnd.chance(0.3);
    const variables: Record<string, unknown> = {};
    const declarations: string[] = [];
    const args = field.args
      .filter((a) => isNonNullType(a.type) || rnd.chance(0.6))
      .filter((a) => !(malformed && isNonNullType(a.type) && rnd.chance(0.05)))
      .map((a) => this.argument(a, variables, declarations, malformed));
    if (malformed && rnd.chance(0.05)) args.push(`${rnd.pick(['nope', 'first', 'id', 'projectId'])}: 1`);
    const alias = rnd.chance(0.1) ? `${rnd.pick(['a', 'b', 'x'])}: ` : '';
    const selection = this.selection(field.type, 0, malformed);
    const header = declarations.length > 0 ? `(${declarations.join(', ')})` : '';
    let query = `${kind} Fuzz${header} { ${alias}${field.name}${args.length ? `(${args.join(', ')})` : ''}${selection} }`;
    if (malformed) query = this.breakDocument(query);
    const body: Record<string, unknown> = { query, variables };
    if (malformed && rnd.chance(0.05)) body['variables'] = rnd.pick<unknown>(['x', 3, [1], null]);
    if (malformed && rnd.chance(0.05)) body['operationName'] = rnd.pick(['Other', '', 'Fuzz']);
    const target = `${root.name}.${field.name}`;
    if (malformed && rnd.chance(0.03)) {
      const nested = deeplyNestedJson(rnd.pick([70, 5_000, 200_000]), rnd);
      return {
        target,
        body,
        raw: JSON.stringify({ ...body, variables: '<nested>' }).replace('"<nested>"', `{"v0":${nested}}`),
      };
    }
    return { target, body };
  }

  /** Random bodies that are not a well-formed operation at all. */
  garbage(): FuzzRequest {
    const rnd = this.rnd;
    const tokens = [
      '{',
      '}',
      '(',
      ')',
      '[',
      ']',
      ':',
      '$',
      '...',
      '@',
      'query',
      'mutation',
      'fragment',
      'on',
      '!',
      '=',
      '"',
      '#',
      'x',
      '1',
    ];
    const options: unknown[] = [
      { query: Array.from({ length: rnd.between(1, 60) }, () => rnd.pick(tokens)).join(' ') },
      { query: `{ apiVersion ${'@include(if: true) '.repeat(rnd.pick([10, 60]))}}` },
      {
        query: `query { getIssues(projectId: 1, filter: ${'['.repeat(3_000)}1${']'.repeat(3_000)}) { pageInfo { hasNextPage } } }`,
      },
      { query: `{ ${Array.from({ length: 40 }, (_, i) => `f${i}: apiVersion`).join(' ')} }` },
      { query: 'query A { apiVersion } query B { apiVersion }' },
      { query: 'fragment F on Query { ...F } { ...F }' },
      {
        query:
          '{ __schema { types { name fields { name type { name ofType { name ofType { name } } } } } } }',
      },
      [{ query: '{ apiVersion }' }, { query: '{ apiVersion }' }],
      { query: 42 },
      { query: null },
      {},
      'just a string',
      { query: '{ apiVersion }', extensions: randomJson(rnd, this.pools, 3) },
    ];
    return { target: 'garbage', body: rnd.pick(options) };
  }

  private argument(
    arg: GraphQLArgument,
    variables: Record<string, unknown>,
    declarations: string[],
    malformed: boolean,
  ): string {
    const rnd = this.rnd;
    const value = randomValue(arg.type, rnd, this.pools, { malformed });
    if (rnd.chance(0.6)) {
      const name = `v${declarations.length}`;
      const declared =
        malformed && rnd.chance(0.08)
          ? rnd.pick(['Int', 'String!', '[Int!]!', 'Boolean', 'JSON', 'Nope'])
          : String(arg.type);
      if (!(malformed && rnd.chance(0.05))) declarations.push(`$${name}: ${declared}`);
      variables[name] = value;
      return `${arg.name}: $${name}`;
    }
    return `${arg.name}: ${this.literal(value, arg.type)}`;
  }

  /** Prints a value as a GraphQL literal for `type` (enum values bare, JSON as object literals). */
  private literal(value: unknown, type: GraphQLInputType): string {
    if (value === null || value === undefined) return 'null';
    const named = getNamedType(type);
    if (Array.isArray(value)) {
      const inner = isListType(isNonNullType(type) ? type.ofType : type)
        ? ((isNonNullType(type) ? type.ofType : type) as { ofType: GraphQLInputType }).ofType
        : type;
      return `[${value.map((v) => this.literal(v, inner)).join(', ')}]`;
    }
    if (typeof value === 'object') {
      const fields = isInputObjectType(named) ? named.getFields() : undefined;
      const entries = Object.entries(value as Record<string, unknown>).filter(([k]) => NAME.test(k));
      return `{${entries.map(([k, v]) => `${k}: ${this.literal(v, fields?.[k]?.type ?? named)}`).join(', ')}}`;
    }
    if (typeof value === 'string')
      return isEnumType(named) && NAME.test(value) && !['true', 'false', 'null'].includes(value)
        ? value
        : JSON.stringify(value);
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
    return String(value);
  }

  /** A random selection set for an output type: a few fields, nested up to four levels, with their arguments. */
  private selection(type: GraphQLOutputType, depth: number, malformed: boolean): string {
    const named = getNamedType(type);
    if (isLeafType(named)) return malformed && this.rnd.chance(0.03) ? ' { id }' : '';
    if (!isObjectType(named)) return ' { __typename }';
    if (malformed && this.rnd.chance(0.03)) return '';
    const fields = Object.values(named.getFields());
    const leaves = fields.filter(
      (f) => isLeafType(getNamedType(f.type)) && f.args.every((a) => !isNonNullType(a.type)),
    );
    const chosen = depth >= 3 ? this.rnd.some(leaves, 3) : this.rnd.some(fields, 4);
    const parts = chosen.map((f) => {
      const args = f.args
        .filter((a) => isNonNullType(a.type) || this.rnd.chance(0.3))
        .map(
          (a) =>
            `${a.name}: ${this.literal(randomValue(a.type, this.rnd, this.pools, { malformed: false }), a.type)}`,
        );
      return `${f.name}${args.length ? `(${args.join(', ')})` : ''}${this.selection(f.type, depth + 1, malformed)}`;
    });
    if (parts.length === 0) parts.push('__typename');
    if (malformed && this.rnd.chance(0.05)) parts.push('doesNotExist');
    return ` { ${parts.join(' ')} }`;
  }

  private breakDocument(query: string): string {
    const rnd = this.rnd;
    switch (rnd.int(8)) {
      case 0:
        return query.slice(0, rnd.int(query.length));
      case 1: {
        const at = rnd.int(query.length);
        return `${query.slice(0, at)}${rnd.pick(['{', '}', '(', '$', '"', '!', '\\', '\u0000', ' '])}${query.slice(at + 1)}`;
      }
      case 2:
        return query.replace(/\$v0\b/, '$undeclared');
      default:
        return query;
    }
  }
}
