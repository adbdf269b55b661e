import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError, canReadIssues, markupProblems, throwFirstProblem, type ViewerMarkup } from '@obra/domain';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { issues, users, viewerMarkups } from '../../db/schema/index.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/database.ts';
import { loadDriveAccess, loadDriveWriter, type DriveAccess } from '../drive/drive-access.ts';
import { issueEditorOf } from '../issues/issue-permissions.ts';
import { audienceOf, visibleIssuesWhere } from '../issues/issue-visibility-sql.ts';
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

/**
 * Which markups of a document a caller sees, in SQL: their own private ones, and those shared with an issue
 * the caller sees (the issue visibility rules); a caller who reads no issues sees their private ones only. So a
 * markup of someone else's that is private, or shared with an issue hidden from the caller, never leaves the DB.
 */
function visibleMarkupsWhere(drive: DriveAccess): SQL {
  const own = and(eq(viewerMarkups.userId, drive.viewer.userId), isNull(viewerMarkups.issueId));
  if (!canReadIssues(issueEditorOf(drive.access))) return own ?? sql`false`;
  const shared = sql`${viewerMarkups.issueId} in (select ${issues.id} from ${issues} where ${visibleIssuesWhere(
    audienceOf(drive.access),
  )})`;
  return or(own, shared) ?? sql`false`;
}

async function listWhere(db: Db, drive: DriveAccess, where: SQL | undefined): Promise<ViewerMarkup[]> {
  const rows = await db
    .select({
      id: viewerMarkups.id,
      documentId: viewerMarkups.documentId,
      revision: viewerMarkups.revision,
      page: viewerMarkups.page,
      scale: viewerMarkups.scale,
      markUp: viewerMarkups.markUp,
      issueId: viewerMarkups.issueId,
      issueCode: issues.code,
      issueTitle: issues.title,
      userId: viewerMarkups.userId,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      updatedAt: viewerMarkups.updatedAt,
    })
    .from(viewerMarkups)
    .innerJoin(users, eq(users.id, viewerMarkups.userId))
    .leftJoin(issues, eq(issues.id, viewerMarkups.issueId))
    .where(and(visibleMarkupsWhere(drive), where))
    .orderBy(desc(viewerMarkups.updatedAt), desc(viewerMarkups.id));
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
  const markups = await listWhere(
    db,
    drive,
    and(eq(viewerMarkups.projectId, input.projectId), eq(viewerMarkups.documentId, input.documentId)),
  );
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
    const [issue] = await db
      .select({ id: issues.id })
      .from(issues)
      .where(and(eq(issues.id, input.issueId), visibleIssuesWhere(audienceOf(drive.access))));
    if (!issue) throw new AppError('NOT_FOUND', { field: 'issueId', issueId: input.issueId });
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
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(viewerMarkups)
      .where(
        and(eq(viewerMarkups.documentId, target.documentId), eq(viewerMarkups.userId, drive.viewer.userId)),
      );
    if ((count?.n ?? 0) >= MAX_MARKUPS_PER_DOCUMENT)
      throw new AppError('BAD_USER_INPUT', { field: 'markUp', reason: 'tooMany' });
    const [row] = await tx
      .insert(viewerMarkups)
      .values({
        projectId: target.projectId,
        documentId: target.documentId,
        revision,
        page: input.page,
        userId: drive.viewer.userId,
        issueId: input.issueId,
        scale: input.scale,
        markUp: input.markUp,
      })
      .returning({ id: viewerMarkups.id });
    return row!.id;
  });
  return { markup: await markupById(db, drive, id) };
}

async function markupById(db: Db, drive: DriveAccess, id: number): Promise<ViewerMarkup> {
  const [found] = await listWhere(db, drive, eq(viewerMarkups.id, id));
  if (!found) throw new AppError('NOT_FOUND', { markupId: id });
  return found;
}

/** The caller's own markup on the document: only its author changes or removes a markup (NOT_FOUND otherwise). */
async function ownMarkup(
  db: Db,
  drive: DriveAccess,
  target: { projectId: number; documentId: number; markupId: number },
): Promise<{ id: number }> {
  const [row] = await db
    .select({ id: viewerMarkups.id })
    .from(viewerMarkups)
    .where(
      and(
        eq(viewerMarkups.id, target.markupId),
        eq(viewerMarkups.projectId, target.projectId),
        eq(viewerMarkups.documentId, target.documentId),
        eq(viewerMarkups.userId, drive.viewer.userId),
      ),
    );
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
  const [stored] = await db
    .select({ revision: viewerMarkups.revision, page: viewerMarkups.page })
    .from(viewerMarkups)
    .where(eq(viewerMarkups.id, own.id));
  await checkInput(db, drive, target, { ...input, revision: stored!.revision, page: stored!.page });
  await unitOfWork(services, (tx) =>
    tx
      .update(viewerMarkups)
      .set({ markUp: input.markUp, issueId: input.issueId, scale: input.scale, updatedAt: new Date() })
      .where(and(eq(viewerMarkups.id, own.id), eq(viewerMarkups.userId, drive.viewer.userId))),
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
  await unitOfWork(services, (tx) =>
    tx
      .delete(viewerMarkups)
      .where(and(eq(viewerMarkups.id, own.id), eq(viewerMarkups.userId, drive.viewer.userId))),
  );
}
