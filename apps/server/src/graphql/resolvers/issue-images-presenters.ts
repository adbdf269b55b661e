import type { IssueCcodeDocumentReference, IssueDocumentReference } from '../generated/resolvers-types.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { ImageFile, ImageView } from '../../modules/issues/images/issue-image-repository.ts';
import type { ConfirmedIssueFile } from '../../modules/issues/images/issue-file-service.ts';

/** Signs the URLs of images for one answer. */
export interface UrlContext {
  readonly files: FileStorage;
  readonly origin: string;
}

function urlOf(u: UrlContext, file: ImageFile): string {
  return u.files.downloadUrl(u.origin, file.key, file.contentType);
}

function thumbOf(u: UrlContext, file: ImageFile): string {
  return file.thumbKey ? u.files.downloadUrl(u.origin, file.thumbKey, 'image/webp') : urlOf(u, file);
}

/** The list's thumbnail of an issue (`cover`): its first image's shown file, as markedUpThumb is signed. */
export function presentCover(u: UrlContext, file: ImageFile | null): string | null {
  return file ? thumbOf(u, file) : null;
}

/** The API shape of an image (spec core §3): signed URLs; markedUp falls back to the original. */
export function presentImage(u: UrlContext, view: ImageView) {
  const shown = view.markedUp ?? view.original;
  return {
    id: view.id,
    issueId: view.issueId,
    issueCommentId: view.commentId,
    index: view.index,
    title: view.title,
    original: urlOf(u, view.original),
    markedUp: urlOf(u, shown),
    markedUpThumb: thumbOf(u, shown),
    markUp: view.markUp,
    viewpoint: view.viewpoint,
  };
}

/** The API shape of a confirmed upload. */
export function presentIssueFile(u: UrlContext, row: ConfirmedIssueFile) {
  const file = { key: row.storageKey, contentType: row.contentType, thumbKey: row.thumbKey };
  return {
    fileId: row.guid,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    width: row.width ?? 0,
    height: row.height ?? 0,
    url: urlOf(u, file),
    thumbnailUrl: thumbOf(u, file),
  };
}

function pickKnown(value: unknown, keys: readonly string[]): Record<string, unknown> {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(keys.map((k) => [k, source[k] ?? null]));
}

const DOCUMENT_KEYS = [
  'id',
  'index',
  'source',
  'documentId',
  'documentName',
  'revision',
  'page',
  'viewpoint',
  'markedUp',
  'markUp',
  'pin',
  'settings',
  'overlaidDocuments',
  'overlayMode',
] as const;
const CCODE_KEYS = [
  'title',
  'rev',
  'index',
  'viewpoint',
  'url',
  'markedUp',
  'markUp',
  'ccodeDocumentId',
  'pin',
  'page',
  'pages',
  'settings',
  'overlaidDocuments',
  'overlayMode',
] as const;

/** Document references as stored (given by the client), with the spec's fields (spec core §3). */
export function presentDocumentReferences(stored: unknown) {
  return (Array.isArray(stored) ? stored : []).map(
    (r) => pickKnown(r, DOCUMENT_KEYS) as IssueDocumentReference,
  );
}

/** Code-document references as stored, with the spec's fields. */
export function presentCcodeReferences(stored: unknown) {
  return (Array.isArray(stored) ? stored : []).map(
    (r) => pickKnown(r, CCODE_KEYS) as IssueCcodeDocumentReference,
  );
}
