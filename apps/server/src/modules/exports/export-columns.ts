import { ISSUE_CATEGORIES, PROJECT_PHASES, type Locale } from '@obra/domain';
import type { IssueView } from '../issues/issue-repository.ts';
import { enumLabel, exportLabel, type ExportLabel } from './export-labels.ts';
import type { ExportLookups } from './export-source.ts';

/** The type of a column: what a spreadsheet stores (a date is a real date cell, a number a number cell). */
export type ColumnType = 'text' | 'number' | 'date' | 'datetime';

/** A cell value. */
export type CellValue = string | number | Date | null;

/** A column of an export sheet. */
export interface ExportColumn<T> {
  key: ExportLabel;
  type: ColumnType;
  width: number;
  value: (row: T, locale: Locale, lookups: ExportLookups) => CellValue;
}

const categoryKey = new Map<number, string>(ISSUE_CATEGORIES.map((c) => [c.id, c.key]));
const phaseKey = new Map<number, string>(PROJECT_PHASES.map((p) => [p.id, p.key]));

/** A `YYYY-MM-DD` date as a Date at UTC midnight (what a spreadsheet shows as that day). */
function day(value: string | null): Date | null {
  return value ? new Date(`${value}T00:00:00Z`) : null;
}

function names(ids: readonly number[], tree: ExportLookups['locals']): string {
  return ids
    .map((id) => tree.get(id)?.path)
    .filter(Boolean)
    .join('; ');
}

/** The columns of the issues sheet (and of the CSV), in order. */
export const ISSUE_COLUMNS: readonly ExportColumn<IssueView>[] = [
  { key: 'code', type: 'text', width: 12, value: (v) => v.row.code },
  { key: 'title', type: 'text', width: 40, value: (v) => v.row.title },
  { key: 'description', type: 'text', width: 50, value: (v) => v.row.description ?? '' },
  {
    key: 'status',
    type: 'text',
    width: 12,
    value: (v, l) => enumLabel(l, 'issueStatuses', v.row.status),
  },
  {
    key: 'priority',
    type: 'text',
    width: 10,
    value: (v, l) => enumLabel(l, 'priorities', v.row.priority),
  },
  {
    key: 'visibility',
    type: 'text',
    width: 14,
    value: (v, l) => enumLabel(l, 'visibilities', v.row.visibility),
  },
  {
    key: 'category',
    type: 'text',
    width: 24,
    value: (v, l) =>
      v.row.categoryId === null ? '' : enumLabel(l, 'categories', categoryKey.get(v.row.categoryId) ?? null),
  },
  {
    key: 'creationPhase',
    type: 'text',
    width: 18,
    value: (v, l) =>
      v.row.creationPhase === null ? '' : enumLabel(l, 'phases', phaseKey.get(v.row.creationPhase) ?? null),
  },
  {
    key: 'resolutionPhase',
    type: 'text',
    width: 18,
    value: (v, l) =>
      v.row.resolutionPhase === null
        ? ''
        : enumLabel(l, 'phases', phaseKey.get(v.row.resolutionPhase) ?? null),
  },
  { key: 'deadline', type: 'date', width: 12, value: (v) => day(v.row.deadline) },
  {
    key: 'disciplines',
    type: 'text',
    width: 18,
    value: (v) =>
      v.disciplines
        .map((d) => d.discipline?.abbreviation)
        .filter(Boolean)
        .join(', '),
  },
  { key: 'locals', type: 'text', width: 30, value: (v, _l, k) => names(v.localIds, k.locals) },
  { key: 'labels', type: 'text', width: 24, value: (v, _l, k) => names(v.labelIds, k.labels) },
  {
    key: 'group',
    type: 'text',
    width: 16,
    value: (v, _l, k) => (v.row.groupId === null ? '' : (k.groups.get(v.row.groupId) ?? '')),
  },
  { key: 'createdAt', type: 'datetime', width: 18, value: (v) => v.row.createdAt },
  {
    key: 'createdBy',
    type: 'text',
    width: 22,
    value: (v, _l, k) => k.users.get(v.row.createdByUserId) ?? '',
  },
  { key: 'editedAt', type: 'datetime', width: 18, value: (v) => v.row.editedAt },
  { key: 'statusUpdatedAt', type: 'datetime', width: 18, value: (v) => v.row.statusUpdatedAt },
];

/** A row of the per-discipline sheet: one issue's one discipline. */
export interface DisciplineRow {
  issue: IssueView;
  discipline: IssueView['disciplines'][number];
}

/** The columns of the per-discipline statuses sheet. */
export const DISCIPLINE_COLUMNS: readonly ExportColumn<DisciplineRow>[] = [
  { key: 'code', type: 'text', width: 12, value: (r) => r.issue.row.code },
  { key: 'title', type: 'text', width: 40, value: (r) => r.issue.row.title },
  {
    key: 'status',
    type: 'text',
    width: 12,
    value: (r, l) => enumLabel(l, 'issueStatuses', r.issue.row.status),
  },
  {
    key: 'discipline',
    type: 'text',
    width: 12,
    value: (r) => r.discipline.discipline?.abbreviation ?? '',
  },
  { key: 'disciplineName', type: 'text', width: 24, value: (r) => r.discipline.discipline?.name ?? '' },
  {
    key: 'disciplineStatus',
    type: 'text',
    width: 16,
    value: (r, l) => enumLabel(l, 'disciplineStatuses', r.discipline.status),
  },
  {
    key: 'disciplineDeadline',
    type: 'date',
    width: 14,
    value: (r) => day(r.discipline.deadline),
  },
  { key: 'doneAt', type: 'datetime', width: 18, value: (r) => r.discipline.doneAt },
];

/** The header of a sheet in a locale. */
export function headerOf<T>(columns: readonly ExportColumn<T>[], locale: Locale): string[] {
  return columns.map((c) => exportLabel(locale, c.key));
}
