import { PRIORITIES } from '@obra/domain';
import type { MatrixCount } from './dashboard-repository.ts';

// A matrix dashboard as the API returns it: its rows (disciplines, or the locations tree depth first), its
// columns (priorities or disciplines) and the counts the statement grouped. Pure: tested through the API.

/** A row of a matrix: a discipline, a location (with its depth in the tree), or the issues without a location. */
export interface MatrixRow {
  /** null: the issues without a location. */
  readonly id: number | null;
  readonly parentId: number | null;
  readonly name: string;
  readonly abbreviation: string;
  readonly depth: number;
  /** Distinct pending issues in the row (for a location: in it or below it). */
  readonly total: number;
  /** The ids the issue list filters on to show the row's issues: the location and every location below it. */
  readonly filterIds: number[];
}

/** A column of a matrix: a priority key, or a discipline id (as text). */
export interface MatrixColumn {
  readonly key: string;
  /** A discipline's name; null for a priority (named by the client from its key). */
  readonly name: string | null;
  readonly abbreviation: string | null;
  readonly total: number;
}

/** A matrix dashboard. */
export interface Matrix {
  readonly total: number;
  readonly rows: MatrixRow[];
  readonly columns: MatrixColumn[];
  readonly cells: { row: number | null; column: string; count: number }[];
}

/** A location or discipline as the matrix reads it. */
export interface RowSource {
  readonly id: number;
  readonly parentId: number | null;
  readonly name: string;
  readonly abbreviation: string;
  readonly position: number;
  /** A removed discipline is listed only while issues still count under it. */
  readonly removed?: boolean;
}

function countsBy(counts: readonly MatrixCount[], kind: MatrixCount['kind']) {
  return counts.filter((c) => c.kind === kind);
}

/** The rows of a tree depth first (siblings by position), each with its depth and the ids below it. */
function treeRows(
  sources: readonly RowSource[],
): { source: RowSource; depth: number; filterIds: number[] }[] {
  const children = new Map<number | null, RowSource[]>();
  const ids = new Set(sources.map((s) => s.id));
  for (const s of sources) {
    const parent = s.parentId !== null && ids.has(s.parentId) ? s.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const out: { source: RowSource; depth: number; filterIds: number[] }[] = [];
  const walk = (parent: number | null, depth: number): number[] => {
    const below: number[] = [];
    for (const s of children.get(parent) ?? []) {
      const entry = { source: s, depth, filterIds: [s.id] };
      out.push(entry);
      entry.filterIds.push(...walk(s.id, depth + 1));
      below.push(...entry.filterIds);
    }
    return below;
  };
  walk(null, 0);
  return out;
}

/**
 * Assembles a matrix from its sources and counts: every source row (removed disciplines only with issues), the
 * "without location" row when it has issues (`noLocationName`), and the columns in their order.
 */
export function buildMatrix(
  sources: readonly RowSource[],
  counts: readonly MatrixCount[],
  columns: readonly { key: string; name: string | null; abbreviation: string | null }[],
  noLocationName: string | null,
): Matrix {
  const rowTotal = new Map(countsBy(counts, 'row').map((c) => [c.row, c.count]));
  const columnTotal = new Map(countsBy(counts, 'column').map((c) => [c.column, c.count]));
  const rows: MatrixRow[] = treeRows(sources)
    .filter(({ source }) => !source.removed || (rowTotal.get(source.id) ?? 0) > 0)
    .map(({ source, depth, filterIds }) => ({
      id: source.id,
      parentId: source.parentId,
      name: source.name,
      abbreviation: source.abbreviation,
      depth,
      total: rowTotal.get(source.id) ?? 0,
      filterIds,
    }));
  const unplaced = rowTotal.get(null) ?? 0;
  if (noLocationName !== null && unplaced > 0)
    rows.push({
      id: null,
      parentId: null,
      name: noLocationName,
      abbreviation: '—',
      depth: 0,
      total: unplaced,
      filterIds: [],
    });
  const known = new Set(rows.map((r) => r.id));
  return {
    total: countsBy(counts, 'total')[0]?.count ?? 0,
    rows,
    columns: columns.map((c) => ({ ...c, total: columnTotal.get(c.key) ?? 0 })),
    cells: countsBy(counts, 'cell')
      .filter((c) => known.has(c.row) && c.column !== null)
      .map((c) => ({ row: c.row, column: c.column ?? '', count: c.count })),
  };
}

/** The priority columns, most urgent first. */
export const PRIORITY_COLUMNS = PRIORITIES.map((p) => ({ key: p.key, name: null, abbreviation: null }));
