import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Locale } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import type { IssueView } from '../issues/issue-repository.ts';
import {
  DISCIPLINE_COLUMNS,
  headerOf,
  ISSUE_COLUMNS,
  type CellValue,
  type DisciplineRow,
  type ExportColumn,
} from './export-columns.ts';
import { exportLabel } from './export-labels.ts';
import { userNames, type ExportLookups, type ExportPage } from './export-source.ts';

/** What a writer needs besides the pages. */
export interface ExportContext {
  db: Db;
  locale: Locale;
  lookups: ExportLookups;
}

const NUMBER_FORMATS: Record<string, string | undefined> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** Waits while the destination is full, so a slow client holds the export back instead of filling memory. */
async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

function header<T>(columns: readonly ExportColumn<T>[], locale: Locale): string[] {
  return headerOf(columns, locale).map((h, i) => (columns[i]?.type === 'datetime' ? `${h} (UTC)` : h));
}

function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

function disciplineRows(issues: readonly IssueView[]): DisciplineRow[] {
  return issues.flatMap((issue) => issue.disciplines.map((discipline) => ({ issue, discipline })));
}

/**
 * Writes the `.xlsx` of the pages to `out` with exceljs' streaming writer: each row is committed (serialised
 * and zipped) as it is added, and the per-discipline sheet is written to a temporary worksheet at the same
 * time, so memory holds one page of issues, never the workbook. Two sheets (issues; per-discipline statuses),
 * typed cells (dates are dates), the header row frozen and filters on.
 */
export async function writeIssuesXlsx(
  pages: AsyncIterable<ExportPage>,
  context: ExportContext,
  out: Writable,
): Promise<number> {
  const { locale, lookups } = context;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Obra';
  workbook.created = new Date();
  const sheet = <T>(name: string, columns: readonly ExportColumn<T>[]) => {
    const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columns.map((c, i) => ({
      header: header(columns, locale)[i],
      key: c.key,
      width: c.width,
      style: NUMBER_FORMATS[c.type] ? { numFmt: NUMBER_FORMATS[c.type] } : {},
    }));
    ws.getRow(1).font = { bold: true };
    return ws;
  };
  const issuesSheet = sheet(exportLabel(locale, 'issues'), ISSUE_COLUMNS);
  const disciplinesSheet = sheet(exportLabel(locale, 'disciplines'), DISCIPLINE_COLUMNS);
  const row = <T>(columns: readonly ExportColumn<T>[], value: T): CellValue[] =>
    columns.map((c) => c.value(value, locale, lookups));
  let issueCount = 0;
  let disciplineCount = 0;
  for await (const page of pages) {
    await userNames(
      context.db,
      lookups,
      page.issues.map((v) => v.row.createdByUserId),
    );
    for (const issue of page.issues) issuesSheet.addRow(row(ISSUE_COLUMNS, issue)).commit();
    for (const d of disciplineRows(page.issues)) disciplinesSheet.addRow(row(DISCIPLINE_COLUMNS, d)).commit();
    issueCount += page.issues.length;
    disciplineCount += disciplineRows(page.issues).length;
    await drained(out);
  }
  issuesSheet.autoFilter = `A1:${columnLetter(ISSUE_COLUMNS.length)}${issueCount + 1}`;
  disciplinesSheet.autoFilter = `A1:${columnLetter(DISCIPLINE_COLUMNS.length)}${disciplineCount + 1}`;
  issuesSheet.commit();
  disciplinesSheet.commit();
  await workbook.commit();
  return issueCount;
}

/** The CSV field separator: a comma, or the semicolon that Excel expects where the decimal mark is a comma. */
export type CsvSeparator = ',' | ';';

/** The separator a locale's spreadsheets expect by default. */
export function defaultSeparator(locale: Locale): CsvSeparator {
  return locale === 'en' ? ',' : ';';
}

/**
 * A CSV field: quoted when needed (RFC 4180). Text that a spreadsheet would run as a formula (`=`, `+`, `-`,
 * `@`, tab, carriage return first) is prefixed with an apostrophe (OWASP CSV injection).
 */
function csvField(value: CellValue, type: string, separator: CsvSeparator): string {
  if (value === null) return '';
  let text: string;
  if (value instanceof Date) text = type === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
  else if (typeof value === 'number') text = String(value);
  else text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Which rows a CSV holds: one per issue, or one per discipline of each issue. */
export type CsvKind = 'issues' | 'disciplines';

/** Writes the CSV of the pages to `out` (UTF-8 with a byte-order mark, so Excel reads accents), page by page. */
export async function writeIssuesCsv(
  pages: AsyncIterable<ExportPage>,
  context: ExportContext & { separator: CsvSeparator; kind: CsvKind },
  out: Writable,
): Promise<number> {
  const { locale, lookups, separator } = context;
  const line = <T>(columns: readonly ExportColumn<T>[], value: T): string =>
    columns.map((c) => csvField(c.value(value, locale, lookups), c.type, separator)).join(separator);
  const columns: readonly ExportColumn<never>[] =
    context.kind === 'issues' ? ISSUE_COLUMNS : DISCIPLINE_COLUMNS;
  out.write(
    `\uFEFF${header(columns, locale)
      .map((h) => csvField(h, 'text', separator))
      .join(separator)}\r\n`,
  );
  let count = 0;
  for await (const page of pages) {
    await userNames(
      context.db,
      lookups,
      page.issues.map((v) => v.row.createdByUserId),
    );
    const lines =
      context.kind === 'issues'
        ? page.issues.map((issue) => line(ISSUE_COLUMNS, issue))
        : disciplineRows(page.issues).map((d) => line(DISCIPLINE_COLUMNS, d));
    if (lines.length > 0) out.write(`${lines.join('\r\n')}\r\n`);
    count += page.issues.length;
    await drained(out);
  }
  out.end();
  return count;
}
