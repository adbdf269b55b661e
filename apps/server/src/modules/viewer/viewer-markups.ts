import { AppError, canReadIssues, markupProblems, throwFirstProblem, type ViewerMarkup } from '@obra/domain';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/database.ts';
import { loadDriveAccess, loadDriveWriter, type DriveAccess } from '../drive/drive-access.ts';
import { issueEditorOf, audienceOf } from '../projects/project-access.ts';
import {
  countUserMarkups,
  deleteOwnMarkup,
  findOwnMarkup,
  insertMarkup,
  markupSheet,
  seesIssue,
  updateOwnMarkup,
  visibleMarkupRows,
  type MarkupFilter,
  type MarkupReader,
} from './viewer-markup-repository.ts';
import { revisionNamed, visibleDocument } from './viewer-service.ts';

/** The most markups one user keeps on one document (all pages and revisions). */
export const MAX_MARKUPS_PER_DOCUMENT = 200;

/** A markup as the viewer gets it: one type for the server and the web (@obra/domain). */
export type { ViewerMarkup } from '@obra/domain';

/** What a save sends: the sheet (revision, page), the markup and with whom it is shared. */
export interface MarkupInput {
  revision: string;
  page: number;
  scale: number;
  markUp: unknown;
  issueId: number | null;
}

/** Who reads: own private markups always, those shared with issues only for a caller who reads issues. */
function readerOf(drive: DriveAccess): MarkupReader {
  return {
    userId: drive.viewer.userId,
    issues: canReadIssues(issueEditorOf(drive.access)) ? audienceOf(drive.access) : null,
  };
}

async function listWhere(db: Db, drive: DriveAccess, filter: MarkupFilter): Promise<ViewerMarkup[]> {
  const rows = await visibleMarkupRows(db, readerOf(drive), filter);
  return rows.map((row) => ({
    id: row.id,
    documentId: row.documentId,
    revision: row.revision,
    page: row.page,
    scale: row.scale,
    markUp: row.markUp,
    issueId: row.issueId,
    issueCode: row.issueCode ?? null,
    issueTitle: row.issueTitle ?? null,
    authorName: [row.name, row.lastName].filter(Boolean).join(' ') || row.email,
    mine: row.userId === drive.viewer.userId,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The markups of a document the caller sees (every revision and page; the viewer picks the sheet's). */
export async function documentMarkups(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; documentId: number },
): Promise<{ markups: ViewerMarkup[] }> {
  const { db } = services.database;
  const drive = await loadDriveAccess(db, actor, input.projectId);
  await visibleDocument(db, drive.viewer, input.projectId, input.documentId);
  const markups = await listWhere(db, drive, {
    projectId: input.projectId,
    documentId: input.documentId,
  });
  return { markups };
}

/** The values checked before the transaction: the sheet the caller sees, a valid markup, an issue they see. */
async function checkInput(
  db: Db,
  drive: DriveAccess,
  target: { projectId: number; documentId: number },
  input: MarkupInput,
): Promise<{ revision: string }> {
  const doc = await visibleDocument(db, drive.viewer, target.projectId, target.documentId);
  const revision = revisionNamed(doc.files, input.revision, doc.id);
  if (!Number.isInteger(input.page) || input.page < 1)
    throw new AppError('BAD_USER_INPUT', { field: 'page' });
  if (!Number.isFinite(input.scale) || input.scale <= 0)
    throw new AppError('BAD_USER_INPUT', { field: 'scale' });
  if (input.markUp === null || input.markUp === undefined)
    throw new AppError('REQUIRED_FIELD', { field: 'markUp' });
  throwFirstProblem(markupProblems(input.markUp, 'markUp'));
  if (input.issueId !== null) {
    // Sharing with an issue the caller does not see answers as for an unknown issue.
    if (!(await seesIssue(db, audienceOf(drive.access), input.issueId)))
      throw new AppError('NOT_FOUND', { field: 'issueId', issueId: input.issueId });
  }
  return { revision };
}

/** Saves a new markup on a sheet, private or shared with an issue; one transaction. */
export async function createMarkup(
  services: AppServices,
  actor: Actor,
  target: { projectId: number; documentId: number },
  input: MarkupInput,
): Promise<{ markup: ViewerMarkup }> {
  const { db } = services.database;
  const drive = await loadDriveWriter(db, actor, target.projectId);
  const { revision } = await checkInput(db, drive, target, input);
  const id = await unitOfWork(services, async (tx) => {
    if ((await countUserMarkups(tx, target.documentId, drive.viewer.userId)) >= MAX_MARKUPS_PER_DOCUMENT)
      throw new AppError('BAD_USER_INPUT', { field: 'markUp', reason: 'tooMany' });
    return insertMarkup(tx, {
      projectId: target.projectId,
      documentId: target.documentId,
      revision,
      page: input.page,
      userId: drive.viewer.userId,
      issueId: input.issueId,
      scale: input.scale,
      markUp: input.markUp,
    });
  });
  return { markup: await markupById(db, drive, id) };
}

async function markupById(db: Db, drive: DriveAccess, id: number): Promise<ViewerMarkup> {
  const [found] = await listWhere(db, drive, { id });
  if (!found) throw new AppError('NOT_FOUND', { markupId: id });
  return found;
}

/** The caller's own markup on the document: only its author changes or removes a markup (NOT_FOUND otherwise). */
async function ownMarkup(
  db: Db,
  drive: DriveAccess,
  target: { projectId: number; documentId: number; markupId: number },
): Promise<{ id: number }> {
  const row = await findOwnMarkup(db, target, drive.viewer.userId);
  if (!row) throw new AppError('NOT_FOUND', { markupId: target.markupId });
  return row;
}

/** Replaces the caller's markup (its drawing and with whom it is shared; the sheet stays); one transaction. */
export async function updateMarkup(
  services: AppServices,
  actor: Actor,
  target: { projectId: number; documentId: number; markupId: number },
  input: Pick<MarkupInput, 'markUp' | 'issueId' | 'scale'>,
): Promise<{ markup: ViewerMarkup }> {
  const { db } = services.database;
  const drive = await loadDriveWriter(db, actor, target.projectId);
  const own = await ownMarkup(db, drive, target);
  const stored = await markupSheet(db, own.id);
  await checkInput(db, drive, target, { ...input, revision: stored!.revision, page: stored!.page });
  await unitOfWork(services, (tx) =>
    updateOwnMarkup(tx, own.id, drive.viewer.userId, {
      markUp: input.markUp,
      issueId: input.issueId,
      scale: input.scale,
    }),
  );
  return { markup: await markupById(db, drive, own.id) };
}

/** Removes the caller's markup; one transaction. */
export async function deleteMarkup(
  services: AppServices,
  actor: Actor,
  target: { projectId: number; documentId: number; markupId: number },
): Promise<void> {
  const { db } = services.database;
  const drive = await loadDriveWriter(db, actor, target.projectId);
  await visibleDocument(db, drive.viewer, target.projectId, target.documentId);
  const own = await ownMarkup(db, drive, target);
  await unitOfWork(services, (tx) => deleteOwnMarkup(tx, own.id, drive.viewer.userId));
}
