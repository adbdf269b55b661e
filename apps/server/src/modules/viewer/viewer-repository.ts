import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  driveDocuments,
  driveFiles,
  drivePdfPages,
  issues,
  viewerAlignments,
} from '../../db/schema/index.ts';
import { visibleIssuesWhere } from '../issues/issue-repository.ts';
import { type IssueAudience } from '../projects/project-access.ts';

/** A stored page of a prepared PDF (drive.pdfPrepare). */
export type StoredPdfPage = typeof drivePdfPages.$inferSelect;

/** The stored pages of these files, by file then page number. */
export function pdfPagesOfFiles(db: Db, fileIds: readonly number[]): Promise<StoredPdfPage[]> {
  return db
    .select()
    .from(drivePdfPages)
    .where(inArray(drivePdfPages.fileId, [...fileIds]))
    .orderBy(asc(drivePdfPages.fileId), asc(drivePdfPages.pageNumber));
}

/**
 * A document of the project (whoever may see it), or undefined: a drive document or a project file (`area`), both
 * opened by the viewer.
 */
export async function findProjectDocument(
  db: Db,
  projectId: number,
  documentId: number,
): Promise<{ id: number; name: string; area: string; createdBy: number | null } | undefined> {
  const [doc] = await db
    .select({
      id: driveDocuments.id,
      name: driveDocuments.name,
      area: driveDocuments.area,
      createdBy: driveDocuments.createdByUserId,
    })
    .from(driveDocuments)
    .where(and(eq(driveDocuments.id, documentId), eq(driveDocuments.projectId, projectId)));
  return doc;
}

/** True when the document has a confirmed revision (whoever may see it). */
export async function hasConfirmedRevision(db: Db, documentId: number): Promise<boolean> {
  const [confirmed] = await db
    .select({ id: driveFiles.id })
    .from(driveFiles)
    .where(and(eq(driveFiles.documentId, documentId), eq(driveFiles.uploadState, 'confirmed')))
    .limit(1);
  return confirmed !== undefined;
}

/** The issues this audience sees that reference the document, with their references, by id. */
export function visibleIssuesReferencing(db: Db, audience: IssueAudience, documentId: number) {
  return db
    .select({
      id: issues.id,
      code: issues.code,
      title: issues.title,
      status: issues.status,
      references: issues.documentsReferences,
    })
    .from(issues)
    .where(
      and(
        visibleIssuesWhere(audience),
        sql`exists (select 1 from jsonb_array_elements(${issues.documentsReferences}) r
          where r->>'documentId' = ${String(documentId)})`,
      ),
    )
    .orderBy(issues.id);
}

/** Whose alignment of which pair: revisions '' for two documents, the revisions' names for one document. */
export interface AlignmentKey {
  userId: number;
  projectId: number;
  baseDocumentId: number;
  comparedDocumentId: number;
  baseRevision: string;
  comparedRevision: string;
}

/** An alignment's transform. */
export interface AlignmentValues {
  scale: number;
  rotation: number;
  translateX: number;
  translateY: number;
}

const keyWhere = (key: AlignmentKey) =>
  and(
    eq(viewerAlignments.userId, key.userId),
    eq(viewerAlignments.baseDocumentId, key.baseDocumentId),
    eq(viewerAlignments.comparedDocumentId, key.comparedDocumentId),
    eq(viewerAlignments.baseRevision, key.baseRevision),
    eq(viewerAlignments.comparedRevision, key.comparedRevision),
    eq(viewerAlignments.projectId, key.projectId),
  );

/** The kept alignment of a pair, or undefined. */
export async function findAlignment(db: Db, key: AlignmentKey): Promise<AlignmentValues | undefined> {
  const [row] = await db
    .select({
      scale: viewerAlignments.scale,
      rotation: viewerAlignments.rotation,
      translateX: viewerAlignments.translateX,
      translateY: viewerAlignments.translateY,
    })
    .from(viewerAlignments)
    .where(keyWhere(key));
  return row;
}

/** Keeps the alignment of a pair, replacing the one kept before. */
export async function upsertAlignment(db: Db, key: AlignmentKey, alignment: AlignmentValues): Promise<void> {
  const values = { ...alignment, updatedAt: new Date() };
  await db
    .insert(viewerAlignments)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [
        viewerAlignments.userId,
        viewerAlignments.baseDocumentId,
        viewerAlignments.comparedDocumentId,
        viewerAlignments.baseRevision,
        viewerAlignments.comparedRevision,
      ],
      set: values,
    });
}

/** Forgets the alignment of a pair. */
export async function deleteAlignmentOf(db: Db, key: AlignmentKey): Promise<void> {
  await db.delete(viewerAlignments).where(keyWhere(key));
}
