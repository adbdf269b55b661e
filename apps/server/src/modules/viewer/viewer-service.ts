import {
  AppError,
  DRIVE_EXTENSIONS,
  referencePin,
  type Alignment,
  type DocumentPin,
  type DriveViewer,
} from '@obra/domain';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/database.ts';
import { loadDriveAccess } from '../drive/drive-access.ts';
import { documentRevisions, type DriveFileRecord } from '../drive/drive-repository.ts';
import { DOWNLOAD_URL_SECONDS } from '../drive/drive-file-service.ts';
import { audienceOf } from '../projects/project-access.ts';
import {
  deleteAlignmentOf,
  findAlignment,
  findProjectDocument,
  hasConfirmedRevision,
  pdfPagesOfFiles,
  upsertAlignment,
  visibleIssuesReferencing,
  type AlignmentKey,
  type StoredPdfPage,
} from './viewer-repository.ts';

/** The most documents one viewer call opens (a comparison: /tools/compare-documents). */
export const MAX_OPENED_DOCUMENTS = 10;

/** How the viewer shows a revision: a PDF (pdf.js), an image the browser decodes, or neither (download only). */
export type SheetKind = 'pdf' | 'image' | 'other';

/** A revision as the viewer gets it: what to call it, how to show it and where its bytes are (signed, 5 min). */
export interface ViewerRevision {
  fileId: number;
  revisionName: string;
  fileName: string;
  extension: string;
  contentType: string | null;
  kind: SheetKind;
  processingState: string;
  uploadedAt: string | null;
  url: string;
  /**
   * A prepared PDF's pages (drive.pdfPrepare): size in points and the address of the page's preview (WebP, signed
   * like the file), for a first view before pdf.js has the file; null when the PDF is not prepared.
   */
  pages: ViewerPage[] | null;
}

/** One page of a prepared PDF as the viewer gets it. */
export interface ViewerPage {
  width: number;
  height: number;
  preview: { url: string; width: number; height: number } | null;
}

/** A document opened in the viewer, with the revisions this user sees, newest first. */
export interface ViewerDocument {
  id: number;
  name: string;
  /** A drive document (`drive`) or a project file (`files`: its versions 1, 2, … are the revisions). */
  area: 'drive' | 'files';
  revisions: ViewerRevision[];
}

const BROWSER_IMAGES = new Set(['png', 'jpeg', 'gif', 'webp']);

function sheetKind(file: DriveFileRecord): SheetKind {
  const kind = DRIVE_EXTENSIONS[file.extension.replace(/^\./, '').toLowerCase()]?.kind;
  if (kind === 'pdf') return 'pdf';
  return kind !== undefined && BROWSER_IMAGES.has(kind) ? 'image' : 'other';
}

type StoredPage = StoredPdfPage;

function signedUrl(services: AppServices, origin: string, key: string, contentType: string): string {
  const expires = Math.floor(Date.now() / 1000) + DOWNLOAD_URL_SECONDS;
  return `${origin}${services.files.signer.signedPath('GET', key, expires, contentType)}`;
}

function presentPages(
  services: AppServices,
  origin: string,
  pages: StoredPage[] | undefined,
): ViewerPage[] | null {
  if (!pages || pages.length === 0) return null;
  return pages.map((page) => ({
    width: page.width,
    height: page.height,
    preview:
      page.previewKey && page.previewWidth && page.previewHeight
        ? {
            url: signedUrl(services, origin, page.previewKey, 'image/webp'),
            width: page.previewWidth,
            height: page.previewHeight,
          }
        : null,
  }));
}

/** The stored pages of the prepared PDFs among these revisions, by file. */
async function preparedPages(db: Db, files: readonly DriveFileRecord[]): Promise<Map<number, StoredPage[]>> {
  const ids = files.filter((f) => sheetKind(f) === 'pdf' && f.processingState === 'success').map((f) => f.id);
  const byFile = new Map<number, StoredPage[]>();
  if (ids.length === 0) return byFile;
  const rows = await pdfPagesOfFiles(db, ids);
  for (const row of rows) {
    const list = byFile.get(row.fileId) ?? [];
    list.push(row);
    byFile.set(row.fileId, list);
  }
  return byFile;
}

function presentRevision(
  services: AppServices,
  origin: string,
  file: DriveFileRecord,
  pages: StoredPage[] | undefined,
): ViewerRevision {
  return {
    fileId: file.id,
    revisionName: file.revisionName,
    fileName: file.fileName,
    extension: file.extension,
    contentType: file.contentType,
    kind: sheetKind(file),
    processingState: file.processingState,
    uploadedAt: file.uploadedAt,
    url: signedUrl(services, origin, file.storageKey, file.contentType ?? 'application/octet-stream'),
    pages: presentPages(services, origin, pages),
  };
}

/**
 * One document as this viewer may open it: DOCUMENTS_NOT_FOUND when it is not a document of the project (or only
 * someone else's unfinished upload), DOCUMENT_ACCESS_DENIED when it has revisions and the viewer sees none of them
 * (editor §8.1 "You do not have access to this document"). A document of the viewer's own with no confirmed
 * revision comes with none ("no revisions available").
 */
export async function visibleDocument(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
  documentId: number,
): Promise<{ id: number; name: string; area: 'drive' | 'files'; files: DriveFileRecord[] }> {
  const doc = await findProjectDocument(db, projectId, documentId);
  if (!doc) throw new AppError('DOCUMENTS_NOT_FOUND', { documentId });
  const area = doc.area === 'files' ? 'files' : 'drive';
  const files = await documentRevisions(db, viewer, documentId);
  if (files.length > 0) return { id: doc.id, name: doc.name, area, files };
  if (await hasConfirmedRevision(db, documentId))
    throw new AppError('DOCUMENT_ACCESS_DENIED', { documentId });
  if (doc.createdBy !== viewer.userId) throw new AppError('DOCUMENTS_NOT_FOUND', { documentId });
  return { id: doc.id, name: doc.name, area, files: [] };
}

/**
 * Opens documents for the viewer (one sheet, or the documents of a comparison): every one must be readable, or the
 * whole call is refused with the first failing document's code and id (DOCUMENTS_NOT_FOUND,
 * DOCUMENT_ACCESS_DENIED), so a comparison never shows part of a list it may not.
 */
export async function openDocuments(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; documentIds: readonly number[]; origin: string },
): Promise<{ documents: ViewerDocument[] }> {
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, input.projectId);
  const ids = [...new Set(input.documentIds)];
  if (ids.length === 0) throw new AppError('REQUIRED_FIELD', { field: 'documentIds' });
  if (ids.length > MAX_OPENED_DOCUMENTS) throw new AppError('BAD_USER_INPUT', { field: 'documentIds' });
  const documents: ViewerDocument[] = [];
  for (const id of ids) {
    const doc = await visibleDocument(db, viewer, input.projectId, id);
    const pages = await preparedPages(db, doc.files);
    documents.push({
      id: doc.id,
      name: doc.name,
      area: doc.area,
      revisions: doc.files.map((file) => presentRevision(services, input.origin, file, pages.get(file.id))),
    });
  }
  return { documents };
}

/**
 * The sheet pins of a document (issue 15): one per document reference with a page and position, of the issues
 * this user may see (the issue visibility rules, in SQL), with each issue's code, title and status for the pin's
 * colour. Which revision shows which pin is the domain's pinsForRevision.
 */
export async function documentPins(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; documentId: number },
): Promise<{ pins: DocumentPin[] }> {
  const { db } = services.database;
  const drive = await loadDriveAccess(db, actor, input.projectId);
  await visibleDocument(db, drive.viewer, input.projectId, input.documentId);
  const audience = audienceOf(drive.access);
  const found = await visibleIssuesReferencing(db, audience, input.documentId);
  const pins: DocumentPin[] = [];
  for (const issue of found) {
    const references = Array.isArray(issue.references) ? (issue.references as unknown[]) : [];
    for (const reference of references) {
      const pin = referencePin(reference, input.documentId);
      if (pin)
        pins.push({ issueId: issue.id, code: issue.code, title: issue.title, status: issue.status, ...pin });
    }
  }
  return { pins };
}

/**
 * The pair an alignment is kept for: two documents (whatever their revisions), or two revisions of one document
 * (`baseRevision` and `comparedRevision` then required and different). Both sides must be readable by the caller.
 */
export interface AlignmentPair {
  projectId: number;
  baseDocumentId: number;
  comparedDocumentId: number;
  baseRevision?: string | undefined;
  comparedRevision?: string | undefined;
}

/** The pair as stored: revisions '' for two documents, the revisions' own names for one document. */
interface StoredPair {
  viewer: DriveViewer;
  baseRevision: string;
  comparedRevision: string;
}

export function revisionNamed(
  files: readonly DriveFileRecord[],
  name: string | undefined,
  documentId: number,
): string {
  const wanted = name?.trim().toLowerCase();
  const found = files.find((file) => file.revisionName.toLowerCase() === wanted);
  // A revision the caller does not see is not named (as the drive hides documents it does not show).
  if (!found) throw new AppError('DOCUMENTS_NOT_FOUND', { documentId });
  return found.revisionName;
}

async function checkPair(services: AppServices, actor: Actor, pair: AlignmentPair): Promise<StoredPair> {
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, pair.projectId);
  const base = await visibleDocument(db, viewer, pair.projectId, pair.baseDocumentId);
  if (pair.baseDocumentId !== pair.comparedDocumentId) {
    await visibleDocument(db, viewer, pair.projectId, pair.comparedDocumentId);
    return { viewer, baseRevision: '', comparedRevision: '' };
  }
  if (!pair.baseRevision) throw new AppError('REQUIRED_FIELD', { field: 'baseRevision' });
  if (!pair.comparedRevision) throw new AppError('REQUIRED_FIELD', { field: 'comparedRevision' });
  const baseRevision = revisionNamed(base.files, pair.baseRevision, base.id);
  const comparedRevision = revisionNamed(base.files, pair.comparedRevision, base.id);
  if (baseRevision === comparedRevision) throw new AppError('BAD_USER_INPUT', { field: 'comparedRevision' });
  return { viewer, baseRevision, comparedRevision };
}

const pairKey = (stored: StoredPair, pair: AlignmentPair): AlignmentKey => ({
  userId: stored.viewer.userId,
  projectId: pair.projectId,
  baseDocumentId: pair.baseDocumentId,
  comparedDocumentId: pair.comparedDocumentId,
  baseRevision: stored.baseRevision,
  comparedRevision: stored.comparedRevision,
});

/** The caller's saved alignment of a pair, or null. */
export async function getAlignment(
  services: AppServices,
  actor: Actor,
  pair: AlignmentPair,
): Promise<{ alignment: Alignment | null }> {
  const stored = await checkPair(services, actor, pair);
  const row = await findAlignment(services.database.db, pairKey(stored, pair));
  return { alignment: row ?? null };
}

/** Keeps the caller's alignment of a pair (replacing the one kept before). */
export async function saveAlignment(
  services: AppServices,
  actor: Actor,
  input: AlignmentPair & { alignment: Alignment },
): Promise<{ alignment: Alignment }> {
  const stored = await checkPair(services, actor, input);
  const { scale, rotation, translateX, translateY } = input.alignment;
  await unitOfWork(services, (tx) =>
    upsertAlignment(tx, pairKey(stored, input), { scale, rotation, translateX, translateY }),
  );
  return { alignment: { scale, rotation, translateX, translateY } };
}

/** Forgets the caller's alignment of a pair. */
export async function deleteAlignment(
  services: AppServices,
  actor: Actor,
  pair: AlignmentPair,
): Promise<void> {
  const stored = await checkPair(services, actor, pair);
  await unitOfWork(services, (tx) => deleteAlignmentOf(tx, pairKey(stored, pair)));
}
