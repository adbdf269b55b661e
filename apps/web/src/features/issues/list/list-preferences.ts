import { useCallback, useState } from 'react';

/** The two ways to show the list. */
export type ListViewMode = 'list' | 'table';

/** The columns the table view can show, in their order. */
export const TABLE_COLUMNS = [
  'code',
  'title',
  'status',
  'priority',
  'visibility',
  'disciplines',
  'deadline',
  'notifications',
  'createdAt',
  'createdBy',
  'category',
  'visibilityUpdatedAt',
] as const;

/** A column of the table view. */
export type TableColumn = (typeof TABLE_COLUMNS)[number];

/** Columns shown until the user chooses. */
export const DEFAULT_COLUMNS: readonly TableColumn[] = [
  'code',
  'title',
  'status',
  'priority',
  'visibility',
  'disciplines',
  'deadline',
  'notifications',
];

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
export function parseColumns(raw: string | null): TableColumn[] {
  if (!raw) return [...DEFAULT_COLUMNS];
  try {
    const saved = JSON.parse(raw) as unknown;
    if (!Array.isArray(saved)) return [...DEFAULT_COLUMNS];
    const chosen = TABLE_COLUMNS.filter((c) => saved.includes(c));
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
export function useTableColumns(): [TableColumn[], (columns: TableColumn[]) => void] {
  const [columns, setColumns] = useState<TableColumn[]>(() => parseColumns(read(COLUMNS_KEY)));
  const change = useCallback((next: TableColumn[]) => {
    const ordered = TABLE_COLUMNS.filter((c) => next.includes(c));
    setColumns(ordered);
    write(COLUMNS_KEY, JSON.stringify(ordered));
  }, []);
  return [columns, change];
}
