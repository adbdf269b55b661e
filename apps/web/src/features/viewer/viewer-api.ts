import type { Alignment, DocumentPin } from '@obra/domain';
import { driveCall } from '../drive/drive-api.ts';
import type { ViewerMarkup } from '@obra/domain';

/** A revision as the viewer gets it (docs/viewer.md): its address is signed and short-lived. */
export interface ViewerRevision {
  fileId: number;
  revisionName: string;
  fileName: string;
  extension: string;
  contentType: string | null;
  kind: 'pdf' | 'image' | 'other';
  processingState: string;
  uploadedAt: string | null;
  url: string;
  /** A prepared PDF's pages: sizes in points and the page's preview for the first view; null when not prepared. */
  pages?: ViewerPage[] | null;
}

/** One page of a prepared PDF (the drive's preparation job). */
export interface ViewerPage {
  width: number;
  height: number;
  preview: { url: string; width: number; height: number } | null;
}

/** A document with the revisions the user sees, newest first. */
export interface ViewerDocument {
  id: number;
  name: string;
  revisions: ViewerRevision[];
}

/** Opens documents; refused as a whole (DOCUMENT_ACCESS_DENIED, DOCUMENTS_NOT_FOUND) when one may not be read. */
export async function openDocuments(
  projectId: number,
  documentIds: readonly number[],
): Promise<ViewerDocument[]> {
  const answer = await driveCall<{ documents: ViewerDocument[] }>(projectId, '/viewer/documents', {
    method: 'POST',
    body: { documentIds },
  });
  return answer.documents;
}

/** The pins of the issues the user sees on a document. */
export async function documentPins(projectId: number, documentId: number): Promise<DocumentPin[]> {
  const answer = await driveCall<{ pins: DocumentPin[] }>(projectId, `/viewer/documents/${documentId}/pins`);
  return answer.pins;
}

/** The pair an alignment is kept for: two documents, or two revisions of one document (revisions named). */
export interface AlignmentPairKey {
  readonly baseDocumentId: number;
  readonly comparedDocumentId: number;
  readonly baseRevision?: string;
  readonly comparedRevision?: string;
}

/** The address of a pair's alignment: revisions only for two revisions of one document. */
export function pairQuery(pair: AlignmentPairKey): string {
  const params = new URLSearchParams({
    baseDocumentId: String(pair.baseDocumentId),
    comparedDocumentId: String(pair.comparedDocumentId),
  });
  if (pair.baseDocumentId === pair.comparedDocumentId && pair.baseRevision && pair.comparedRevision) {
    params.set('baseRevision', pair.baseRevision);
    params.set('comparedRevision', pair.comparedRevision);
  }
  return `/viewer/alignments?${params.toString()}`;
}

/** The user's saved alignment of a pair, or null. */
export async function loadAlignment(projectId: number, pair: AlignmentPairKey): Promise<Alignment | null> {
  const answer = await driveCall<{ alignment: Alignment | null }>(projectId, pairQuery(pair));
  return answer.alignment;
}

/** Keeps the user's alignment of a pair. */
export async function saveAlignment(
  projectId: number,
  pair: AlignmentPairKey,
  alignment: Alignment,
): Promise<void> {
  await driveCall(projectId, pairQuery(pair), { method: 'PUT', body: { alignment } });
}

/** Forgets the user's alignment of a pair. */
export async function forgetAlignment(projectId: number, pair: AlignmentPairKey): Promise<void> {
  await driveCall(projectId, pairQuery(pair), { method: 'DELETE' });
}

/** The viewer's address of a document in a project (revision and page optional). */
export function documentViewerPath(
  projectId: number,
  documentId: number,
  options: { revision?: string; page?: number; compareWith?: string } = {},
): string {
  const params = new URLSearchParams();
  if (options.revision) params.set('revision', options.revision);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  if (options.compareWith) params.set('compare', options.compareWith);
  const query = params.toString();
  return `/workspace/project/${projectId}/drive/documents/${documentId}${query ? `?${query}` : ''}`;
}

/** A markup on a document's sheet: one type for the server and the web (@obra/domain). */
export type { ViewerMarkup } from '@obra/domain';

/** What saving a markup sends: the drawing, its scale and with whom it is shared (null: private). */
export interface MarkupSave {
  markUp: unknown;
  scale: number;
  issueId: number | null;
}

/** The markups of a document the user sees (their private ones and those shared with issues they see). */
export async function documentMarkups(projectId: number, documentId: number): Promise<ViewerMarkup[]> {
  const answer = await driveCall<{ markups: ViewerMarkup[] }>(
    projectId,
    `/viewer/documents/${documentId}/markups`,
  );
  return answer.markups;
}

/** Saves a new markup on a page of a revision. */
export async function createMarkup(
  projectId: number,
  documentId: number,
  sheet: { revision: string; page: number },
  save: MarkupSave,
): Promise<ViewerMarkup> {
  const answer = await driveCall<{ markup: ViewerMarkup }>(
    projectId,
    `/viewer/documents/${documentId}/markups`,
    { method: 'POST', body: { ...sheet, ...save } },
  );
  return answer.markup;
}

/** Replaces the user's own markup. */
export async function updateMarkup(
  projectId: number,
  documentId: number,
  markupId: number,
  save: MarkupSave,
): Promise<ViewerMarkup> {
  const answer = await driveCall<{ markup: ViewerMarkup }>(
    projectId,
    `/viewer/documents/${documentId}/markups/${markupId}`,
    { method: 'PUT', body: save },
  );
  return answer.markup;
}

/** Removes the user's own markup. */
export async function deleteMarkup(projectId: number, documentId: number, markupId: number): Promise<void> {
  await driveCall(projectId, `/viewer/documents/${documentId}/markups/${markupId}`, { method: 'DELETE' });
}
