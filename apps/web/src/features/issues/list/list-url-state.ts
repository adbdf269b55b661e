import {
  DATE_FILTER_FIELDS,
  DEFAULT_ISSUE_SORT,
  FILTER_DATE_PATTERN,
  ID_FILTER_FIELDS,
  MAX_FILTER_CONDITIONS,
  TEXT_FILTER_FIELDS,
  isIssueSortKey,
  STANDARD_ISSUE_FILTERS,
  type IssueFilterCondition,
  type IssueSort,
  type IssueSortKey,
  type StandardIssueFilter,
} from '@obra/domain';
import type { IssueListFilterState } from '../shared/issue-list-context.ts';

/** The list's filter when the address says nothing. */
export const DEFAULT_LIST_FILTER: IssueListFilterState = {
  standard: 'all',
  search: '',
  combination: 'or',
  conditions: [],
  sort: [],
};

/**
 * A sort led by one key, then the rest of the default order (spec core §9) as tie-breakers, then the id;
 * null is the default order itself.
 */
export function sortLedBy(primary: IssueSort | null): IssueSort[] {
  if (!primary) return [];
  return [primary, ...DEFAULT_ISSUE_SORT.filter((s) => s.key !== primary.key)];
}

/** The key leading a sort, or null for the default order. */
export function leadingSort(sort: readonly IssueSort[]): IssueSort | null {
  return sort[0] ?? null;
}

/** The direction a key starts in when the user picks it: the default order's direction. */
export function defaultDirection(key: IssueSortKey): 'asc' | 'desc' {
  return DEFAULT_ISSUE_SORT.find((s) => s.key === key)?.direction ?? 'asc';
}

const TEXT_FIELDS: readonly string[] = TEXT_FILTER_FIELDS;
const ID_FIELDS: readonly string[] = ID_FILTER_FIELDS;
const DATE_FIELDS: readonly string[] = DATE_FILTER_FIELDS;

/**
 * One condition of the address, checked by hand with the domain's field lists and the rules of its filter schema
 * (the list does not load the schema library for this; a test keeps both in step): unknown keys are left out, an
 * invalid condition is dropped.
 */
export function toCondition(value: unknown): IssueFilterCondition | null {
  if (typeof value !== 'object' || value === null) return null;
  const { field, values, from, to } = value as Record<string, unknown>;
  if (typeof field !== 'string') return null;
  if (TEXT_FIELDS.includes(field) || ID_FIELDS.includes(field)) {
    const wanted = TEXT_FIELDS.includes(field) ? 'string' : 'number';
    const valid =
      Array.isArray(values) &&
      values.length > 0 &&
      values.every((v) => typeof v === wanted && (wanted === 'string' || Number.isInteger(v)));
    if (!valid) return null;
    return { field, values } as IssueFilterCondition;
  }
  if (DATE_FIELDS.includes(field)) {
    const date = (d: unknown) => d === undefined || (typeof d === 'string' && FILTER_DATE_PATTERN.test(d));
    if (!date(from) || !date(to)) return null;
    return { field, ...(from ? { from } : {}), ...(to ? { to } : {}) } as IssueFilterCondition;
  }
  return null;
}

function parseConditions(raw: string | null): IssueFilterCondition[] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed) || parsed.length > MAX_FILTER_CONDITIONS) return [];
    const conditions = parsed.map(toCondition);
    return conditions.every((c) => c !== null) ? (conditions as IssueFilterCondition[]) : [];
  } catch {
    return [];
  }
}

/** The list filter from the address (`?filter=&q=&sort=priority.asc&match=and&c=[…]`); bad parts are ignored. */
export function filterFromParams(params: URLSearchParams): IssueListFilterState {
  const standard = params.get('filter');
  const [key, direction] = (params.get('sort') ?? '').split('.');
  const primary: IssueSort | null =
    key && isIssueSortKey(key)
      ? { key, direction: direction === 'asc' || direction === 'desc' ? direction : defaultDirection(key) }
      : null;
  return {
    standard: STANDARD_ISSUE_FILTERS.includes(standard as StandardIssueFilter)
      ? (standard as StandardIssueFilter)
      : DEFAULT_LIST_FILTER.standard,
    search: params.get('q') ?? '',
    combination: params.get('match') === 'and' ? 'and' : 'or',
    conditions: parseConditions(params.get('c')),
    sort: sortLedBy(primary),
  };
}

/** The address form of a list filter; defaults are left out so a plain list has a plain address. */
export function filterToParams(filter: IssueListFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.standard !== DEFAULT_LIST_FILTER.standard) params.set('filter', filter.standard);
  if (filter.search) params.set('q', filter.search);
  const primary = leadingSort(filter.sort);
  if (primary) params.set('sort', `${primary.key}.${primary.direction}`);
  if (filter.combination === 'and') params.set('match', 'and');
  if (filter.conditions.length > 0) params.set('c', JSON.stringify(filter.conditions));
  return params;
}
