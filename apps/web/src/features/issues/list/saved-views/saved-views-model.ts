import {
  isIssueSortKey,
  ISSUE_TABLE_COLUMNS,
  STANDARD_ISSUE_FILTERS,
  type IssueSort,
  type IssueTableColumn,
} from '@obra/domain';
import type { IssueListFilterState } from '../../shared/issue-list-context.ts';
import type { ListViewMode } from '../list-preferences.ts';
import {
  DEFAULT_LIST_FILTER,
  filterToParams,
  leadingSort,
  sortLedBy,
  toCondition,
} from '../list-url-state.ts';

/** What a saved view holds, as the list uses it. */
export interface ListViewState {
  readonly filter: IssueListFilterState;
  readonly columns: readonly IssueTableColumn[];
  readonly viewMode: ListViewMode;
}

/** A saved view as the API serves it. */
export interface SavedViewData {
  readonly id: number;
  readonly name: string;
  readonly filter: unknown;
  readonly columns: readonly string[];
  readonly viewMode: string;
  readonly shared: boolean;
  readonly own: boolean;
  readonly ownerName?: string | null;
}

/** The filter as the server stores it: the leading sort only (the default order breaks ties). */
export function toSavedFilter(filter: IssueListFilterState) {
  return {
    standard: filter.standard,
    search: filter.search,
    combination: filter.combination,
    conditions: filter.conditions,
    sort: leadingSort(filter.sort),
  };
}

/** The list state of a stored view; anything the list does not know (an older or newer shape) is left out. */
export function viewState(view: SavedViewData): ListViewState {
  const raw = (typeof view.filter === 'object' && view.filter !== null ? view.filter : {}) as Record<
    string,
    unknown
  >;
  const standard = STANDARD_ISSUE_FILTERS.find((s) => s === raw.standard) ?? DEFAULT_LIST_FILTER.standard;
  const conditions = Array.isArray(raw.conditions)
    ? raw.conditions.map(toCondition).filter((c) => c !== null)
    : [];
  const sort = raw.sort as { key?: unknown; direction?: unknown } | null | undefined;
  const primary: IssueSort | null =
    sort && typeof sort.key === 'string' && isIssueSortKey(sort.key)
      ? { key: sort.key, direction: sort.direction === 'asc' ? 'asc' : 'desc' }
      : null;
  const columns = ISSUE_TABLE_COLUMNS.filter((c) => view.columns.includes(c));
  return {
    filter: {
      standard,
      search: typeof raw.search === 'string' ? raw.search : '',
      combination: raw.combination === 'and' ? 'and' : 'or',
      conditions,
      sort: sortLedBy(primary),
    },
    columns: columns.length > 0 ? columns : ['code', 'title'],
    viewMode: view.viewMode === 'table' ? 'table' : 'list',
  };
}

/** True when the list shows exactly this view (the columns count only in the table). */
export function showsView(current: ListViewState, view: SavedViewData): boolean {
  const saved = viewState(view);
  if (filterToParams(saved.filter).toString() !== filterToParams(current.filter).toString()) return false;
  if (saved.viewMode !== current.viewMode) return false;
  return current.viewMode === 'list' || saved.columns.join() === current.columns.join();
}

/** Own views first, then the shared ones, each group as the server sorted it. */
export function groupViews(views: readonly SavedViewData[]): {
  own: SavedViewData[];
  shared: SavedViewData[];
} {
  return { own: views.filter((v) => v.own), shared: views.filter((v) => !v.own) };
}
