import { useEffect, useState } from 'react';
import { RestError, toUiError } from '../../lib/api-errors.ts';
import { offlineDocument, readDrawing } from '../../lib/offline/drawing-store.ts';
import { openDocuments, type ViewerDocument } from './viewer-api.ts';

export type OpenedDocument =
  | { status: 'loading' }
  | { status: 'error'; code: string }
  | { status: 'ready'; document: ViewerDocument }
  /** Opened from the drawing kept on this device (issue 34): no network. */
  | { status: 'offline'; document: ViewerDocument; revision: string; syncedAt: string }
  /** No network, and the drawing is not kept on this device. */
  | { status: 'not-kept' };

/**
 * Opens one drive document for the viewer page: from the server, or without an answer (no network, or a session
 * offline without a token) the drawing kept on this device (issue 34), released when the page leaves it.
 */
export function useOpenedDocument(
  projectId: number,
  documentId: number,
  userId: number | undefined,
): OpenedDocument {
  const [loaded, setLoaded] = useState<OpenedDocument>({ status: 'loading' });
  useEffect(() => {
    if (!Number.isInteger(documentId) || documentId <= 0) {
      setLoaded({ status: 'error', code: 'DOCUMENTS_NOT_FOUND' });
      return;
    }
    let live = true;
    let release: (() => void) | null = null;
    setLoaded({ status: 'loading' });
    // Without an answer (no network, or a session offline without a token), the drawing kept on this device.
    const fromDevice = async () => {
      const drawing = userId === undefined ? undefined : await readDrawing(userId, projectId, documentId);
      if (!live) return;
      if (!drawing) {
        setLoaded({ status: 'not-kept' });
        return;
      }
      const opened = offlineDocument(drawing);
      release = opened.release;
      setLoaded({
        status: 'offline',
        document: opened.document,
        revision: drawing.revision,
        syncedAt: drawing.syncedAt,
      });
    };
    openDocuments(projectId, [documentId]).then(
      ([document]) => live && document && setLoaded({ status: 'ready', document }),
      (error: unknown) => {
        if (!live) return;
        if (!(error instanceof RestError) || !navigator.onLine) void fromDevice();
        else setLoaded({ status: 'error', code: toUiError(error).code });
      },
    );
    return () => {
      live = false;
      release?.();
    };
  }, [projectId, documentId, userId]);

  return loaded;
}
