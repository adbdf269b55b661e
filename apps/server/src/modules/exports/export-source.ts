import { AppError, type IssueFilter } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/database.ts';
import { getIssues, ISSUE_PAGE_SIZE, parseIssueFilter } from '../issues/list/issue-query-service.ts';
import type { IssueView } from '../issues/issue-repository.ts';
import type { IssuePageShape } from '../issues/list/issue-page-sql.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import { exportLookupRows, userNameRows } from './export-repository.ts';

/** What an export or a report is made of: the issue list's filter JSON and, optionally, a selection of ids. */
export interface ExportRequest {
  projectId: number;
  /** The issue list's filter JSON (object or its text); the list's default when absent. */
  filter?: unknown;
  /** The selected issues: only these (and only those the filter keeps and the caller sees). */
  ids?: readonly number[] | undefined;
}

/** The filter of an export: the list's, narrowed to the selection when there is one. */
export function exportFilter(request: ExportRequest): IssueFilter {
  const filter = parseIssueFilter(request.filter);
  if (!request.ids) return filter;
  if (request.ids.length > 10_000) throw new AppError('BAD_USER_INPUT', { field: 'ids' });
  const selected = filter.ids ? request.ids.filter((id) => filter.ids?.includes(id)) : [...request.ids];
  return { ...filter, ids: selected };
}

/** Parses `ids` given as `1,2,3` (query string) or an array of numbers (JSON body). */
export function parseIds(raw: unknown): number[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const parts = Array.isArray(raw) ? raw : String(raw).split(',');
  const ids = parts.map((p) => Number(typeof p === 'string' ? p.trim() : p));
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1))
    throw new AppError('BAD_USER_INPUT', { field: 'ids' });
  return ids;
}

/** A page of the export and the access the caller has to the project. */
export interface ExportPage {
  access: ProjectAccess;
  issues: IssueView[];
}

/**
 * The issues of an export, page by page in the list's order, read by the issue list's own query (getIssues:
 * the same filter SQL and the same visibility rule), so an export never holds more than one page in memory and
 * never shows what the list would not.
 */
export async function* exportIssuePages(
  services: AppServices,
  actor: Actor,
  request: ExportRequest,
  pageSize = ISSUE_PAGE_SIZE,
  shape?: IssuePageShape,
): AsyncGenerator<ExportPage> {
  const filter = exportFilter(request);
  let after: string | null = null;
  for (;;) {
    const page = await getIssues(services, actor, {
      projectId: request.projectId,
      filter,
      first: pageSize,
      after,
      shape,
    });
    yield { access: page.access, issues: page.issues };
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
    after = page.pageInfo.endCursor;
  }
}

/** A node of a locations or labels tree, named with its path (`Block A / Floor 2`). */
export interface TreeName {
  id: number;
  name: string;
  path: string;
}

/** The names an export shows instead of ids. */
export interface ExportLookups {
  projectName: string;
  locals: Map<number, TreeName>;
  labels: Map<number, TreeName>;
  groups: Map<number, string>;
  /** Person names, read for the ids the export meets (userNames). */
  users: Map<number, string>;
}

function pathNames(
  rows: readonly { id: number; parentId: number | null; name: string }[],
): Map<number, TreeName> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<number, TreeName>();
  for (const row of rows) {
    const names: string[] = [];
    let node: typeof row | undefined = row;
    const seen = new Set<number>();
    while (node && !seen.has(node.id)) {
      seen.add(node.id);
      names.unshift(node.name);
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
    out.set(row.id, { id: row.id, name: row.name, path: names.join(' / ') });
  }
  return out;
}

/** The project's names for an export (the project's trees and groups are small; users are read as met). */
export async function loadExportLookups(db: Db, projectId: number): Promise<ExportLookups> {
  const { projectName, locals, labels, groups } = await exportLookupRows(db, projectId);
  return {
    projectName: projectName ?? '',
    locals: pathNames(locals),
    labels: pathNames(labels),
    groups: new Map(groups.map((g) => [g.id, g.name])),
    users: new Map(),
  };
}

/** Adds to `lookups.users` the names of the ids not known yet (one query). */
export async function userNames(db: Db, lookups: ExportLookups, ids: Iterable<number | null>): Promise<void> {
  const missing = [...new Set([...ids].filter((id): id is number => id !== null))].filter(
    (id) => !lookups.users.has(id),
  );
  if (missing.length === 0) return;
  const rows = await userNameRows(db, missing);
  for (const r of rows) {
    const full = [r.name, r.lastName].filter(Boolean).join(' ').trim();
    lookups.users.set(r.id, full || r.email);
  }
}
