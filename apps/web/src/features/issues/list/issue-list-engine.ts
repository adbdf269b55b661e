import {
  issueComparator,
  matchesCondition,
  matchesStandardFilter,
  effectiveSearch,
  matchesSearchTexts,
  searchableTexts,
  STANDARD_ISSUE_FILTERS,
  type DisciplineStatusDefinition,
  type FilterContext,
  type IssueFacts,
  type IssueViewer,
  type StandardIssueFilter,
} from '@obra/domain';
import type { IssueListFilterState } from '../shared/issue-list-context.ts';

/** What a list query needs besides the issues: the filter, who looks, the project's statuses, today. */
export interface EngineQuery {
  readonly filter: IssueListFilterState;
  readonly viewer: IssueViewer;
  /** The project's discipline statuses as entries (a Map does not survive every transport). */
  readonly statuses: readonly (readonly [string, DisciplineStatusDefinition])[];
  /** `YYYY-MM-DD` in the user's time zone. */
  readonly today: string;
  /** Date.getTimezoneOffset(), for the date range conditions. */
  readonly timezoneOffset: number;
}

/** The counts of every standard filter tab. */
export type FilterCounts = Record<StandardIssueFilter, number>;

/** What a query answers: the shown issue ids in order and the count of each tab (after the search). */
export interface EngineResult {
  readonly ids: number[];
  readonly counts: FilterCounts;
  /** All the issues loaded, before any filter. */
  readonly total: number;
}

interface Entry {
  readonly facts: IssueFacts;
  /** Normalised searchable texts, computed once per version of the issue. */
  readonly texts: readonly string[];
}

function emptyCounts(): FilterCounts {
  return Object.fromEntries(STANDARD_ISSUE_FILTERS.map((f) => [f, 0])) as FilterCounts;
}

/**
 * The issue list's client-side filter, search, counts and sort over every loaded issue, with the domain's
 * rules (the same the server applies to getIssues), so a tab's count is what that filter would return. It
 * keeps the issues sorted and merges new pages in, so filtering is one pass over an ordered list.
 */
export class IssueListEngine {
  private readonly entries = new Map<number, Entry>();
  private sorted: Entry[] | null = null;
  private sortSignature = '';
  private compare: (a: IssueFacts, b: IssueFacts) => number = issueComparator();

  /** Adds or replaces issues. */
  upsert(issues: readonly IssueFacts[]): void {
    const added: Entry[] = [];
    const replaced = new Set<Entry>();
    for (const facts of issues) {
      const entry: Entry = { facts, texts: searchableTexts(facts) };
      const previous = this.entries.get(facts.id);
      this.entries.set(facts.id, entry);
      if (previous) replaced.add(previous);
      added.push(entry);
    }
    if (!this.sorted || added.length === 0) return;
    // New pages and live changes merge into the order; filtering then stays one pass over it.
    const kept = replaced.size > 0 ? this.sorted.filter((e) => !replaced.has(e)) : this.sorted;
    this.sorted = this.merge(kept, added);
  }

  /** Drops issues (deleted, or no longer visible). */
  remove(ids: readonly number[]): void {
    const gone = new Set<Entry>();
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry) gone.add(entry);
      this.entries.delete(id);
    }
    if (this.sorted && gone.size > 0) this.sorted = this.sorted.filter((e) => !gone.has(e));
  }

  /** How many issues are loaded. */
  get size(): number {
    return this.entries.size;
  }

  /** The shown ids in order and the tab counts, for a filter. */
  query(q: EngineQuery): EngineResult {
    const sorted = this.ordered(q.filter.sort);
    const ctx: FilterContext = { viewer: q.viewer, statuses: new Map(q.statuses), today: q.today };
    const search = effectiveSearch(q.filter.search);
    const { standard, conditions, combination } = q.filter;
    const counts = emptyCounts();
    const ids: number[] = [];
    for (const { facts, texts } of sorted) {
      if (search && !matchesSearchTexts(texts, search)) continue;
      for (const filter of STANDARD_ISSUE_FILTERS) {
        if (filter === 'custom') continue;
        if (matchesStandardFilter(facts, filter, ctx)) {
          counts[filter] += 1;
          if (filter === standard) ids.push(facts.id);
        }
      }
      const custom =
        conditions.length === 0 ||
        (combination === 'and'
          ? conditions.every((c) => matchesCondition(facts, c, q.timezoneOffset))
          : conditions.some((c) => matchesCondition(facts, c, q.timezoneOffset)));
      if (custom) {
        counts.custom += 1;
        if (standard === 'custom') ids.push(facts.id);
      }
    }
    return { ids, counts, total: this.entries.size };
  }

  private ordered(sort: IssueListFilterState['sort']): Entry[] {
    const signature = JSON.stringify(sort);
    if (!this.sorted || signature !== this.sortSignature) {
      const compare = issueComparator(sort);
      this.compare = compare;
      this.sorted = [...this.entries.values()].sort((a, b) => compare(a.facts, b.facts));
      this.sortSignature = signature;
    }
    return this.sorted;
  }

  private merge(sorted: readonly Entry[], added: Entry[]): Entry[] {
    const compare = this.compare;
    added.sort((a, b) => compare(a.facts, b.facts));
    const out: Entry[] = new Array<Entry>(sorted.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < sorted.length && j < added.length) {
      const a = sorted[i] as Entry;
      const b = added[j] as Entry;
      if (compare(a.facts, b.facts) <= 0) {
        out[k++] = a;
        i += 1;
      } else {
        out[k++] = b;
        j += 1;
      }
    }
    while (i < sorted.length) out[k++] = sorted[i++] as Entry;
    while (j < added.length) out[k++] = added[j++] as Entry;
    return out;
  }
}
