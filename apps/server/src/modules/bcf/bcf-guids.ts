import { derivedGuid } from './bcf-xml-read.ts';

/**
 * GUIDs of what Obra exports without a BCF identity of its own (issues created in Obra, their comments, their
 * images as snapshot-only viewpoints): derived from the project's GUID and the row id, so that every export of
 * the same issue carries the same GUIDs without writing anything at export time.
 */
export function derivedTopicGuid(projectGuid: string, issueId: number): string {
  return derivedGuid(`obra:${projectGuid}:issue:${issueId}`);
}

export function derivedCommentGuid(projectGuid: string, commentId: number): string {
  return derivedGuid(`obra:${projectGuid}:comment:${commentId}`);
}

export function derivedViewpointGuid(projectGuid: string, imageId: number): string {
  return derivedGuid(`obra:${projectGuid}:image:${imageId}`);
}

/** The GUID of a drive document revision answered as a BCF-API project document. */
export function derivedDocumentGuid(projectGuid: string, driveFileId: number): string {
  return derivedGuid(`obra:${projectGuid}:drive-file:${driveFileId}`);
}
