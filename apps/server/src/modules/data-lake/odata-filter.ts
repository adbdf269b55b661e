import { AppError } from '@obra/domain';
import { propertyOf, type EntityProperty, type FeedEntity } from './data-lake-entities-sql.ts';

/** A comparison operator of `$filter`. */
export type Operator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

/** A literal: a value and the EDM kind it reads as. */
export type Literal =
  | { kind: 'null' }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'date'; value: string }
  | { kind: 'datetime'; value: string };

/** A parsed `$filter`. */
export type FilterNode =
  | { kind: 'compare'; property: EntityProperty; op: Operator; literal: Literal }
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode };

const OPERATORS = new Set<string>(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);

const TOKEN =
  /\s*(?:(\()|(\))|('(?:[^']|'')*')|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))|(\d{4}-\d{2}-\d{2})|(-?\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*))/y;

type Token =
  | { t: '(' }
  | { t: ')' }
  | { t: 'string'; v: string }
  | { t: 'datetime'; v: string }
  | { t: 'date'; v: string }
  | { t: 'number'; v: number }
  | { t: 'word'; v: string };

/** A `$filter` this server does not read: BAD_USER_INPUT. */
export function refuse(message: string): never {
  throw new AppError('BAD_USER_INPUT', `$filter: ${message}`, { field: '$filter' });
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) refuse(`cannot read “${text.slice(at, at + 20)}”`);
    at = TOKEN.lastIndex;
    if (m[1]) tokens.push({ t: '(' });
    else if (m[2]) tokens.push({ t: ')' });
    else if (m[3]) tokens.push({ t: 'string', v: m[3].slice(1, -1).replace(/''/g, "'") });
    else if (m[4]) tokens.push({ t: 'datetime', v: m[4] });
    else if (m[5]) tokens.push({ t: 'date', v: m[5] });
    else if (m[6]) tokens.push({ t: 'number', v: Number(m[6]) });
    else if (m[7]) tokens.push({ t: 'word', v: m[7] });
  }
  return tokens;
}

/**
 * Parses an OData v4 `$filter` of comparisons (eq, ne, gt, ge, lt, le) of a property with a literal, combined
 * with and/or and parentheses (and binds tighter than or). Anything else is BAD_USER_INPUT.
 */
export function parseFilter(text: string, entity: FeedEntity): FilterNode {
  if (text.length > 4000) refuse('too long');
  const tokens = tokenize(text);
  let i = 0;
  const peekWord = (): string | undefined => {
    const tok = tokens[i];
    return tok?.t === 'word' ? tok.v : undefined;
  };
  const literal = (): Literal => {
    const tok = tokens[i++];
    if (!tok) refuse('a value is missing');
    switch (tok.t) {
      case 'string':
        return { kind: 'string', value: tok.v };
      case 'number':
        return { kind: 'number', value: tok.v };
      case 'date':
        return { kind: 'date', value: tok.v };
      case 'datetime':
        return { kind: 'datetime', value: tok.v };
      case 'word':
        if (tok.v === 'null') return { kind: 'null' };
        if (tok.v === 'true' || tok.v === 'false') return { kind: 'boolean', value: tok.v === 'true' };
        return refuse(`“${tok.v}” is not a value`);
      default:
        return refuse('a value is missing');
    }
  };
  const primary = (): FilterNode => {
    const tok = tokens[i];
    if (tok?.t === '(') {
      i++;
      const inner = orExpr();
      if (tokens[i]?.t !== ')') refuse('a “)” is missing');
      i++;
      return inner;
    }
    if (tok?.t !== 'word') refuse('a property name is expected');
    i++;
    const property = propertyOf(entity, tok.v);
    if (!property) refuse(`${entity.type} has no property “${tok.v}”`);
    const op = peekWord();
    if (!op || !OPERATORS.has(op)) refuse(`only eq, ne, gt, ge, lt and le are supported after “${tok.v}”`);
    i++;
    return { kind: 'compare', property, op: op as Operator, literal: literal() };
  };
  const andExpr = (): FilterNode => {
    let node = primary();
    while (peekWord() === 'and') {
      i++;
      node = { kind: 'and', left: node, right: primary() };
    }
    return node;
  };
  const orExpr = (): FilterNode => {
    let node = andExpr();
    while (peekWord() === 'or') {
      i++;
      node = { kind: 'or', left: node, right: andExpr() };
    }
    return node;
  };
  const root = orExpr();
  if (i < tokens.length) refuse('unexpected text after the expression');
  return root;
}
