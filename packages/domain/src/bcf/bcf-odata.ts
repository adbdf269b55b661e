import { AppError } from '../errors/app-error.ts';

/**
 * The OData subset of the BCF-API (docs/api-bcf.md): `$filter` with eq, ne, gt, lt, ge, le, and, or, not,
 * parentheses, `contains(field,'text')` and `labels/any(l: l eq 'x')`; `$orderby` over a list of fields, each
 * `asc` or `desc`; `$top` and `$skip`. Pure: it parses the query into a tree and applies it to topic records
 * (BCF-API topic_GET objects). Unknown fields and malformed expressions are BAD_USER_INPUT with the parameter
 * named, never a silent "match everything".
 */

/** A literal of a filter: a quoted string, a number, true/false, null, or an unquoted date-time. */
export type ODataLiteral = string | number | boolean | null;

export type ODataComparison = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le';

export type ODataFilter =
  | { kind: 'and' | 'or'; left: ODataFilter; right: ODataFilter }
  | { kind: 'not'; operand: ODataFilter }
  | { kind: 'compare'; op: ODataComparison; field: string; value: ODataLiteral }
  | { kind: 'contains'; field: string; value: string }
  | { kind: 'any'; field: string; op: ODataComparison; value: ODataLiteral };

export interface ODataOrder {
  field: string;
  descending: boolean;
}

/** The fields of a topic a filter may name, and whether they hold dates (compared as instants). */
export const BCF_TOPIC_FILTER_FIELDS: Readonly<Record<string, 'text' | 'date' | 'number' | 'list'>> = {
  guid: 'text',
  server_assigned_id: 'text',
  title: 'text',
  description: 'text',
  topic_type: 'text',
  topic_status: 'text',
  priority: 'text',
  stage: 'text',
  assigned_to: 'text',
  creation_author: 'text',
  modified_author: 'text',
  creation_date: 'date',
  modified_date: 'date',
  due_date: 'date',
  index: 'number',
  labels: 'list',
};

/** The fields a topic list may be ordered by. */
export const BCF_TOPIC_ORDER_FIELDS = [
  'creation_date',
  'modified_date',
  'due_date',
  'index',
  'title',
  'server_assigned_id',
  'priority',
  'topic_status',
] as const;

/** The longest `$filter` read. */
export const ODATA_FILTER_MAX_LENGTH = 2000;

const COMPARISONS = new Set<string>(['eq', 'ne', 'gt', 'lt', 'ge', 'le']);

type Token =
  | { t: 'word'; v: string }
  | { t: 'string'; v: string }
  | { t: 'number'; v: number }
  | { t: 'date'; v: string }
  | { t: '(' | ')' | ',' | ':' };

function bad(parameter: string, reason: string): AppError {
  return new AppError('BAD_USER_INPUT', `${parameter}: ${reason}`, { field: parameter, reason });
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '(' || c === ')' || c === ',' || c === ':') {
      tokens.push({ t: c });
      i += 1;
    } else if (c === "'") {
      let value = '';
      i += 1;
      for (;;) {
        if (i >= text.length) throw bad('$filter', 'unterminated string');
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        value += text[i];
        i += 1;
      }
      tokens.push({ t: 'string', v: value });
    } else {
      const date = DATE_TIME.exec(text.slice(i));
      if (date && date[0].length >= 10) {
        tokens.push({ t: 'date', v: date[0] });
        i += date[0].length;
        continue;
      }
      const number = /^-?\d+(\.\d+)?/.exec(text.slice(i));
      if (number) {
        tokens.push({ t: 'number', v: Number(number[0]) });
        i += number[0].length;
        continue;
      }
      const word = /^[A-Za-z_][A-Za-z0-9_/]*/.exec(text.slice(i));
      if (!word) throw bad('$filter', `unexpected "${c}"`);
      tokens.push({ t: 'word', v: word[0] });
      i += word[0].length;
    }
  }
  return tokens;
}

/** Parses a `$filter`; undefined for an empty one. */
export function parseODataFilter(
  text: string | undefined,
  fields: Readonly<Record<string, string>> = BCF_TOPIC_FILTER_FIELDS,
): ODataFilter | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (text.length > ODATA_FILTER_MAX_LENGTH) throw bad('$filter', 'too long');
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    const token = tokens[at];
    if (!token) throw bad('$filter', 'unexpected end');
    at += 1;
    return token;
  };
  const expect = (t: Token['t']) => {
    const token = next();
    if (token.t !== t) throw bad('$filter', `expected "${t}"`);
    return token;
  };
  const isWord = (token: Token | undefined, word: string) =>
    token?.t === 'word' && token.v.toLowerCase() === word;
  const field = (name: string) => {
    if (!(name in fields)) throw bad('$filter', `unknown field ${name}`);
    return name;
  };
  const literal = (): ODataLiteral => {
    const token = next();
    if (token.t === 'string' || token.t === 'number' || token.t === 'date') return token.v;
    if (isWord(token, 'null')) return null;
    if (isWord(token, 'true')) return true;
    if (isWord(token, 'false')) return false;
    throw bad('$filter', 'expected a value');
  };
  const comparison = (): ODataComparison => {
    const token = next();
    const op = token.t === 'word' ? token.v.toLowerCase() : '';
    if (!COMPARISONS.has(op)) throw bad('$filter', 'expected eq, ne, gt, lt, ge or le');
    return op as ODataComparison;
  };
  const primary = (): ODataFilter => {
    const token = next();
    if (token.t === '(') {
      const inner = or();
      expect(')');
      return inner;
    }
    if (token.t !== 'word') throw bad('$filter', 'expected a field');
    if (token.v.toLowerCase() === 'not') return { kind: 'not', operand: primary() };
    if (token.v.toLowerCase() === 'contains') {
      expect('(');
      const name = field(String((expect('word') as { v: string }).v));
      expect(',');
      const value = next();
      if (value.t !== 'string') throw bad('$filter', 'contains needs a quoted text');
      expect(')');
      return { kind: 'contains', field: name, value: value.v };
    }
    const any = /^([A-Za-z_]+)\/any$/i.exec(token.v);
    if (any) {
      const name = field(any[1] ?? '');
      if (fields[name] !== 'list') throw bad('$filter', `${name} is not a list`);
      expect('(');
      const variable = (expect('word') as { v: string }).v;
      expect(':');
      const used = (expect('word') as { v: string }).v;
      if (used !== variable) throw bad('$filter', `unknown variable ${used}`);
      const op = comparison();
      const value = literal();
      expect(')');
      return { kind: 'any', field: name, op, value };
    }
    const name = field(token.v);
    if (fields[name] === 'list') throw bad('$filter', `${name} is read with ${name}/any(…)`);
    const op = comparison();
    return { kind: 'compare', op, field: name, value: literal() };
  };
  const and = (): ODataFilter => {
    let left = primary();
    while (isWord(peek(), 'and')) {
      at += 1;
      left = { kind: 'and', left, right: primary() };
    }
    return left;
  };
  const or = (): ODataFilter => {
    let left = and();
    while (isWord(peek(), 'or')) {
      at += 1;
      left = { kind: 'or', left, right: and() };
    }
    return left;
  };
  const tree = or();
  if (at !== tokens.length) throw bad('$filter', 'unexpected text after the expression');
  return tree;
}

/** Parses a `$orderby` (`creation_date desc, title`); empty for none. */
export function parseODataOrderBy(
  text: string | undefined,
  allowed: readonly string[] = BCF_TOPIC_ORDER_FIELDS,
): ODataOrder[] {
  if (text === undefined || text.trim() === '') return [];
  return text.split(',').map((part) => {
    const [name = '', direction = 'asc', ...rest] = part.trim().split(/\s+/);
    if (!allowed.includes(name)) throw bad('$orderby', `unknown field ${name}`);
    const dir = direction.toLowerCase();
    if (rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) throw bad('$orderby', 'expected asc or desc');
    return { field: name, descending: dir === 'desc' };
  });
}

/** Parses `$top` or `$skip`: a whole number from 0 to max, or undefined. */
export function parseODataCount(
  parameter: '$top' | '$skip',
  text: string | undefined,
  max: number,
): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,9}$/.test(text)) throw bad(parameter, 'expected a whole number');
  const value = Number(text);
  if (value > max) throw bad(parameter, `at most ${max}`);
  return value;
}

type Comparable = string | number | boolean | null;

function comparable(value: unknown, kind: string | undefined): Comparable {
  if (value === undefined || value === null) return null;
  if (kind === 'date' && typeof value === 'string') {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : time;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

function compare(op: ODataComparison, left: Comparable, right: Comparable): boolean {
  if (op === 'eq') return left === right;
  if (op === 'ne') return left !== right;
  if (left === null || right === null || typeof left !== typeof right) return false;
  const a = left as string | number;
  const b = right as string | number;
  if (op === 'gt') return a > b;
  if (op === 'lt') return a < b;
  if (op === 'ge') return a >= b;
  return a <= b;
}

/** Whether a record (a topic_GET object) passes a filter. Text equality is exact, as OData's. */
export function matchesODataFilter(
  filter: ODataFilter | undefined,
  record: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, string>> = BCF_TOPIC_FILTER_FIELDS,
): boolean {
  if (!filter) return true;
  switch (filter.kind) {
    case 'and':
      return (
        matchesODataFilter(filter.left, record, fields) && matchesODataFilter(filter.right, record, fields)
      );
    case 'or':
      return (
        matchesODataFilter(filter.left, record, fields) || matchesODataFilter(filter.right, record, fields)
      );
    case 'not':
      return !matchesODataFilter(filter.operand, record, fields);
    case 'contains': {
      const value = record[filter.field];
      return typeof value === 'string' && value.toLowerCase().includes(filter.value.toLowerCase());
    }
    case 'any': {
      const list = record[filter.field];
      return (
        Array.isArray(list) && list.some((item) => compare(filter.op, comparable(item, 'text'), filter.value))
      );
    }
    case 'compare': {
      const kind = fields[filter.field];
      return compare(filter.op, comparable(record[filter.field], kind), comparable(filter.value, kind));
    }
  }
}

/** Sorts records by the order given (nulls last), keeping the incoming order among equals. */
export function orderByOData<T extends Readonly<Record<string, unknown>>>(
  records: readonly T[],
  order: readonly ODataOrder[],
  fields: Readonly<Record<string, string>> = BCF_TOPIC_FILTER_FIELDS,
): T[] {
  if (order.length === 0) return [...records];
  return records
    .map((record, position) => ({ record, position }))
    .sort((x, y) => {
      for (const { field, descending } of order) {
        const a = comparable(x.record[field], fields[field]);
        const b = comparable(y.record[field], fields[field]);
        if (a === b) continue;
        if (a === null) return 1;
        if (b === null) return -1;
        const result = a < b ? -1 : 1;
        return descending ? -result : result;
      }
      return x.position - y.position;
    })
    .map((x) => x.record);
}
