import { AppError, type IssueFilter, type Locale } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { IssuePageShape } from '../issues/list/issue-page-sql.ts';
import type { ReportContext, ReportOptions, ReportTotals } from './issue-report-pdf.ts';
import type { Actor } from '../../auth/actor.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import { readDatabase } from '../../db/read-replicas.ts';
import {
  exportFilter,
  exportIssuePages,
  loadExportLookups,
  type ExportLookups,
  type ExportPage,
  type ExportRequest,
} from './export-source.ts';

/** An export ready to be written: its pages (the first one already read) and the names it shows. */
export interface PreparedExport {
  access: ProjectAccess;
  lookups: ExportLookups;
  pages: AsyncIterable<ExportPage>;
}

/**
 * Reads the first page of an export before anything is sent, so that a refusal (not signed in, no access to the
 * project, a bad filter) is an error answer with its code, not a broken download; the other pages are read as
 * the writer asks for them.
 */
export async function prepareIssueExport(
  services: AppServices,
  actor: Actor,
  request: ExportRequest,
  pageSize?: number,
): Promise<PreparedExport> {
  const iterator = exportIssuePages(services, actor, request, pageSize);
  const first = await iterator.next();
  if (first.done) throw new Error('an export has at least one page');
  // An export is a read-only request: its pages (getIssues) and names may come from a read replica.
  const lookups = await loadExportLookups(readDatabase(services, actor), request.projectId);
  async function* pages(): AsyncGenerator<ExportPage> {
    yield first.value as ExportPage;
    yield* iterator;
  }
  return { access: first.value.access, lookups, pages: pages() };
}

/** The most issues one report may hold (a report of more is a book, not a report: export to Excel instead). */
export const REPORT_MAX_ISSUES = 2000;
/** Issues read at a time while writing a report (with their images, comments and history). */
const REPORT_PAGE_SIZE = 50;

/** The light shape of the counting pass: status and priority, no children. */
const COUNT_SHAPE: IssuePageShape = {
  columns: new Set(['status', 'priority']),
  disciplineDetails: false,
  disciplineDoneAt: false,
  imageTitles: false,
  cover: false,
  notifications: false,
};

/**
 * Counts an export's issues by status and priority in a light pass over the same list (no children read);
 * BAD_USER_INPUT (details: max) once past `max`.
 */
export async function countExportIssues(
  services: AppServices,
  actor: Actor,
  request: ExportRequest,
  max = Number.POSITIVE_INFINITY,
): Promise<ReportTotals> {
  const totals: ReportTotals = { total: 0, byStatus: new Map(), byPriority: new Map() };
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for await (const page of exportIssuePages(services, actor, request, 500, COUNT_SHAPE)) {
    for (const issue of page.issues) {
      totals.total++;
      bump(totals.byStatus, issue.row.status);
      bump(totals.byPriority, issue.row.priority);
    }
    if (totals.total > max)
      throw new AppError('BAD_USER_INPUT', 'too many issues for a report', { field: 'filter', max });
  }
  return totals;
}

/** A report ready to be written: its totals counted, its pages to read. */
export interface PreparedReport extends PreparedExport {
  filter: IssueFilter;
  totals: ReportTotals;
}

/**
 * Counts the report's issues (the cover's totals come first in the document, so they are counted in a light
 * pass over the same list) and prepares the pages; BAD_USER_INPUT (details: max) past REPORT_MAX_ISSUES.
 */
export async function prepareIssueReport(
  services: AppServices,
  actor: Actor,
  request: ExportRequest,
): Promise<PreparedReport> {
  const filter = exportFilter(request);
  const totals = await countExportIssues(
    services,
    actor,
    { ...request, filter, ids: undefined },
    REPORT_MAX_ISSUES,
  );
  const prepared = await prepareIssueExport(
    services,
    actor,
    { ...request, filter, ids: undefined },
    REPORT_PAGE_SIZE,
  );
  return { ...prepared, filter, totals };
}

/**
 * What a prepared report is written with (the PDF and the printable page alike): the caller's name on its cover as
 * its author, or their e-mail when they have no name.
 */
export function reportContextOf(
  services: AppServices,
  actor: Actor,
  prepared: PreparedReport,
  locale: Locale,
  options: ReportOptions,
): ReportContext {
  const name = [actor.account.name, actor.account.lastName].filter(Boolean).join(' ').trim();
  return {
    services,
    access: prepared.access,
    locale,
    lookups: prepared.lookups,
    filter: prepared.filter,
    totals: prepared.totals,
    options,
    generatedBy: name || actor.account.email,
  };
}

/** A file name safe in a header: the project's name, what it holds and the day. */
export function downloadName(projectName: string, what: string, extension: string): string {
  const base = projectName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'project'}-${what}-${new Date().toISOString().slice(0, 10)}.${extension}`;
}
