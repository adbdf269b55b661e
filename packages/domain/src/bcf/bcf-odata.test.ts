import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors/app-error.ts';
import {
  matchesODataFilter,
  orderByOData,
  parseODataCount,
  parseODataFilter,
  parseODataOrderBy,
} from './bcf-odata.ts';

const topics = [
  {
    guid: 'a',
    title: 'Beam clashes with duct',
    topic_status: 'Open',
    priority: 'High',
    creation_date: '2026-01-10T10:00:00.000Z',
    creation_author: 'ana@obra.test',
    index: 3,
    labels: ['Architecture', 'MEP'],
    due_date: null,
  },
  {
    guid: 'b',
    title: "Door's swing",
    topic_status: 'Closed',
    priority: 'Low',
    creation_date: '2026-02-01T08:00:00.000Z',
    creation_author: 'bruno@obra.test',
    index: 1,
    labels: ['Structural'],
    due_date: '2026-03-01T00:00:00Z',
  },
  {
    guid: 'c',
    title: 'Slab opening',
    topic_status: 'Open',
    priority: 'Medium',
    creation_date: '2026-03-05T12:00:00.000Z',
    creation_author: 'ana@obra.test',
    index: null,
    labels: [],
    due_date: null,
  },
];

function select(filter: string): string[] {
  const tree = parseODataFilter(filter);
  return topics.filter((t) => matchesODataFilter(tree, t)).map((t) => t.guid);
}

function failure(run: () => unknown): { code: string; field: unknown } {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, field: error.details?.['field'] };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('OData $filter', () => {
  it('compares with eq, ne, gt, lt, ge and le', () => {
    expect(select("topic_status eq 'Open'")).toEqual(['a', 'c']);
    expect(select("topic_status ne 'Open'")).toEqual(['b']);
    expect(select('creation_date gt 2026-02-01T08:00:00Z')).toEqual(['c']);
    expect(select('creation_date ge 2026-02-01T08:00:00Z')).toEqual(['b', 'c']);
    expect(select('creation_date lt 2026-02-01')).toEqual(['a']);
    expect(select('index le 1')).toEqual(['b']);
    expect(select('index gt 1')).toEqual(['a']);
    expect(select('due_date eq null')).toEqual(['a', 'c']);
    expect(select('due_date ne null')).toEqual(['b']);
  });

  it('combines with and, or, not and parentheses (and binds tighter than or)', () => {
    expect(select("topic_status eq 'Open' and priority eq 'High'")).toEqual(['a']);
    expect(select("priority eq 'Low' or priority eq 'Medium'")).toEqual(['b', 'c']);
    expect(select("priority eq 'Low' or topic_status eq 'Open' and priority eq 'High'")).toEqual(['a', 'b']);
    expect(
      select("(priority eq 'Low' or topic_status eq 'Open') and creation_author eq 'ana@obra.test'"),
    ).toEqual(['a', 'c']);
    expect(select("not (topic_status eq 'Open')")).toEqual(['b']);
  });

  it('reads contains, quoted quotes and labels/any', () => {
    expect(select("contains(title,'SLAB')")).toEqual(['c']);
    expect(select("title eq 'Door''s swing'")).toEqual(['b']);
    expect(select("labels/any(l: l eq 'MEP')")).toEqual(['a']);
    expect(select("labels/any(x: x eq 'Structural') or labels/any(x: x eq 'Architecture')")).toEqual([
      'a',
      'b',
    ]);
  });

  it('treats an empty filter as none', () => {
    expect(parseODataFilter(undefined)).toBeUndefined();
    expect(parseODataFilter('  ')).toBeUndefined();
    expect(select('')).toEqual(['a', 'b', 'c']);
  });

  it('refuses unknown fields and malformed expressions with the parameter named', () => {
    for (const bad of [
      "secret eq 'x'",
      "title eq 'unterminated",
      "title like 'x'",
      "title eq 'x' and",
      "(title eq 'x'",
      "title eq 'x' extra",
      "labels eq 'x'",
      "labels/any(l: m eq 'x')",
      'contains(title, 3)',
      '#',
    ])
      expect(failure(() => parseODataFilter(bad))).toEqual({ code: 'BAD_USER_INPUT', field: '$filter' });
    expect(failure(() => parseODataFilter(`title eq '${'x'.repeat(3000)}'`)).code).toBe('BAD_USER_INPUT');
  });
});

describe('OData $orderby, $top and $skip', () => {
  it('orders by several fields, nulls last, stable', () => {
    const byIndex = orderByOData(topics, parseODataOrderBy('index'));
    expect(byIndex.map((t) => t.guid)).toEqual(['b', 'a', 'c']);
    const byDateDesc = orderByOData(topics, parseODataOrderBy('creation_date desc'));
    expect(byDateDesc.map((t) => t.guid)).toEqual(['c', 'b', 'a']);
    const byStatusThenTitle = orderByOData(topics, parseODataOrderBy('topic_status asc, title desc'));
    expect(byStatusThenTitle.map((t) => t.guid)).toEqual(['b', 'c', 'a']);
    expect(orderByOData(topics, []).map((t) => t.guid)).toEqual(['a', 'b', 'c']);
  });

  it('refuses unknown fields and directions', () => {
    expect(failure(() => parseODataOrderBy('secret'))).toEqual({ code: 'BAD_USER_INPUT', field: '$orderby' });
    expect(failure(() => parseODataOrderBy('title sideways'))).toEqual({
      code: 'BAD_USER_INPUT',
      field: '$orderby',
    });
  });

  it('reads $top and $skip as bounded whole numbers', () => {
    expect(parseODataCount('$top', '10', 500)).toBe(10);
    expect(parseODataCount('$skip', undefined, 500)).toBeUndefined();
    expect(failure(() => parseODataCount('$top', '-1', 500))).toEqual({
      code: 'BAD_USER_INPUT',
      field: '$top',
    });
    expect(failure(() => parseODataCount('$top', '501', 500))).toEqual({
      code: 'BAD_USER_INPUT',
      field: '$top',
    });
    expect(failure(() => parseODataCount('$skip', '1.5', 500))).toEqual({
      code: 'BAD_USER_INPUT',
      field: '$skip',
    });
  });
});
