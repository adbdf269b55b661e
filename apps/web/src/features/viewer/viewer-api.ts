import type { Alignment, DocumentPin } from '@obra/domain';
import { api, type ApiAnswer, type ApiQuery } from '../../lib/api/rest-client.ts';
import type { ViewerMarkup } from '@obra/domain';

type ViewerDocuments = ApiAnswer<'/project-drive/projects/{projectId}/viewer/documents', 'post'>;

/** A document with the revisions the user sees, newest first (POST …/viewer/documents). */
export type ViewerDocument = ViewerDocuments['documents'][number];

/** A revision as the viewer gets it (docs/viewer.md): its address is signed and short-lived. */
export type ViewerRevision = ViewerDocument['revisions'][number];

/** One page of a prepared PDF (the drive's preparation job). */
export type ViewerPage = NonNullable<ViewerRevision['pages']>[number];

/** Opens documents; refused as a whole (DOCUMENT_ACCESS_DENIED, DOCUMENTS_NOT_FOUND) when one may not be read. */
export async function openDocuments(
  projectId: number,
  documentIds: readonly number[],
): Promise<ViewerDocument[]> {
  const answer = await api.post('/project-drive/projects/{projectId}/viewer/documents', {
    path: { projectId },
    body: { documentIds: [...documentIds] },
  });
  return answer.documents;
}

/** The pins of the issues the user sees on a document. */
export async function documentPins(projectId: number, documentId: number): Promise<DocumentPin[]> {
  const answer = await api.get('/project-drive/projects/{projectId}/viewer/documents/{documentId}/pins', {
    path: { projectId, documentId },
  });
  return answer.pins;
}

/** The pair an alignment is kept for: two documents, or two revisions of one document (revisions named). */
export interface AlignmentPairKey {
  readonly baseDocumentId: number;
  readonly comparedDocumentId: number;
  readonly baseRevision?: string;
  readonly comparedRevision?: string;
}

type AlignmentQuery = ApiQuery<'/project-drive/projects/{projectId}/viewer/alignments', 'get'>;

/** The query of a pair's alignment: revisions only for two revisions of one document. */
export function pairQuery(pair: AlignmentPairKey): AlignmentQuery {
  const query: AlignmentQuery = {
    baseDocumentId: pair.baseDocumentId,
    comparedDocumentId: pair.comparedDocumentId,
  };
  if (pair.baseDocumentId === pair.comparedDocumentId && pair.baseRevision && pair.comparedRevision) {
    query.baseRevision = pair.baseRevision;
    query.comparedRevision = pair.comparedRevision;
  }
  return query;
}

/** The user's saved alignment of a pair, or null. */
export async function loadAlignment(projectId: number, pair: AlignmentPairKey): Promise<Alignment | null> {
  const answer = await api.get('/project-drive/projects/{projectId}/viewer/alignments', {
    path: { projectId },
    query: pairQuery(pair),
  });
  return answer.alignment;
}

/** Keeps the user's alignment of a pair. */
export async function saveAlignment(
  projectId: number,
  pair: AlignmentPairKey,
  alignment: Alignment,
): Promise<void> {
  await api.put('/project-drive/projects/{projectId}/viewer/alignments', {
    path: { projectId },
    query: pairQuery(pair),
    body: { alignment },
  });
}

/** Forgets the user's alignment of a pair. */
export async function forgetAlignment(projectId: number, pair: AlignmentPairKey): Promise<void> {
  await api.delete('/project-drive/projects/{projectId}/viewer/alignments', {
    path: { projectId },
    query: pairQuery(pair),
  });
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
  markUp: object;
  scale: number;
  issueId: number | null;
}

/** The body of a markup as the route takes it: the drawing is any JSON object to the server. */
function markupBody(save: MarkupSave) {
  return { ...save, markUp: save.markUp as Record<string, unknown> };
}

/** The markups of a document the user sees (their private ones and those shared with issues they see). */
export async function documentMarkups(projectId: number, documentId: number): Promise<ViewerMarkup[]> {
  const answer = await api.get('/project-drive/projects/{projectId}/viewer/documents/{documentId}/markups', {
    path: { projectId, documentId },
  });
  return answer.markups;
}

/** Saves a new markup on a page of a revision. */
export async function createMarkup(
  projectId: number,
  documentId: number,
  sheet: { revision: string; page: number },
  save: MarkupSave,
): Promise<ViewerMarkup> {
  const answer = await api.post('/project-drive/projects/{projectId}/viewer/documents/{documentId}/markups', {
    path: { projectId, documentId },
    body: { ...sheet, ...markupBody(save) },
  });
  return answer.markup;
}

/** Replaces the user's own markup. */
export async function updateMarkup(
  projectId: number,
  documentId: number,
  markupId: number,
  save: MarkupSave,
): Promise<ViewerMarkup> {
  const answer = await api.put(
    '/project-drive/projects/{projectId}/viewer/documents/{documentId}/markups/{markupId}',
    { path: { projectId, documentId, markupId }, body: markupBody(save) },
  );
  return answer.markup;
}

/** Removes the user's own markup. */
export async function deleteMarkup(projectId: number, documentId: number, markupId: number): Promise<void> {
  await api.delete('/project-drive/projects/{projectId}/viewer/documents/{documentId}/markups/{markupId}', {
    path: { projectId, documentId, markupId },
  });
}
