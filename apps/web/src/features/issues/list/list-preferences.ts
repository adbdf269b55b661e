import { useCallback, useState } from 'react';
import { ISSUE_TABLE_COLUMNS, orderedColumns, type IssueTableColumn } from '@obra/domain';

/** The two ways to show the list. */
export type ListViewMode = 'list' | 'table';

/** Columns left out until the user chooses: the record-keeping ones at the end of the table. */
const HIDDEN_BY_DEFAULT: readonly IssueTableColumn[] = [
  'createdAt',
  'createdBy',
  'category',
  'visibilityUpdatedAt',
];

/** Columns shown until the user chooses. */
export const DEFAULT_COLUMNS: readonly IssueTableColumn[] = ISSUE_TABLE_COLUMNS.filter(
  (c) => !HIDDEN_BY_DEFAULT.includes(c),
);

const VIEW_KEY = 'obra.issues.view';
const COLUMNS_KEY = 'obra.issues.columns';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** The saved columns, keeping only known ones in the table's order; the defaults when nothing valid is saved. */
export function parseColumns(raw: string | null): IssueTableColumn[] {
  if (!raw) return [...DEFAULT_COLUMNS];
  try {
    const saved = JSON.parse(raw) as unknown;
    if (!Array.isArray(saved)) return [...DEFAULT_COLUMNS];
    const chosen = orderedColumns(saved.filter((c): c is string => typeof c === 'string'));
    return chosen.length > 0 ? chosen : [...DEFAULT_COLUMNS];
  } catch {
    return [...DEFAULT_COLUMNS];
  }
}

/** The list or table view, remembered in this browser. */
export function useViewMode(): [ListViewMode, (mode: ListViewMode) => void] {
  const [mode, setMode] = useState<ListViewMode>(() => (read(VIEW_KEY) === 'table' ? 'table' : 'list'));
  const change = useCallback((next: ListViewMode) => {
    setMode(next);
    write(VIEW_KEY, next);
  }, []);
  return [mode, change];
}

/** The table's columns, remembered in this browser (localStorage). */
export function useTableColumns(): [IssueTableColumn[], (columns: IssueTableColumn[]) => void] {
  const [columns, setColumns] = useState<IssueTableColumn[]>(() => parseColumns(read(COLUMNS_KEY)));
  const change = useCallback((next: IssueTableColumn[]) => {
    const ordered = orderedColumns(next);
    setColumns(ordered);
    write(COLUMNS_KEY, JSON.stringify(ordered));
  }, []);
  return [columns, change];
}
