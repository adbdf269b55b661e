/**
 * A markup on a document's sheet as the viewer's REST calls answer it (docs/viewer.md): the caller's private one, or
 * one shared with an issue the caller may see.
 */
export interface ViewerMarkup {
  id: number;
  documentId: number;
  revision: string;
  page: number;
  /** Pixels of the markup per page unit of the sheet. */
  scale: number;
  markUp: unknown;
  /** The issue it is shared with, or null for the caller's private markup. */
  issueId: number | null;
  issueCode: string | null;
  issueTitle: string | null;
  authorName: string;
  mine: boolean;
  updatedAt: string;
}
