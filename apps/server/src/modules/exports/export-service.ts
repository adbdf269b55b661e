import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import {
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
  const lookups = await loadExportLookups(services.database.db, request.projectId);
  async function* pages(): AsyncGenerator<ExportPage> {
    yield first.value as ExportPage;
    yield* iterator;
  }
  return { access: first.value.access, lookups, pages: pages() };
}
