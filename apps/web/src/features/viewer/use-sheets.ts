import { useEffect, useRef } from 'react';
import type { ViewerRevision } from './viewer-api.ts';
import { loadSheet, type Sheet } from './sheet-source.ts';
import type { PageState, SheetState } from './document-viewer-model.ts';

export type { SheetState } from './document-viewer-model.ts';

/**
 * Loads the sheet of a revision (null: none), disposing of it when another is asked; each state it goes through
 * (loading, ready, error, unsupported) is reported to `report` (the viewer's model).
 */
export function useSheet(revision: ViewerRevision | null, report: (state: SheetState) => void): void {
  const fileId = revision?.fileId ?? null;
  const url = revision?.url ?? null;
  const kind = revision?.kind ?? null;
  // The address is signed anew on each open: the file is what the effect follows, its latest address is read.
  const urlRef = useRef(url);
  urlRef.current = url;
  const pagesRef = useRef(revision?.pages ?? null);
  pagesRef.current = revision?.pages ?? null;
  const reportRef = useRef(report);
  reportRef.current = report;
  useEffect(() => {
    const setState = (state: SheetState) => reportRef.current(state);
    const url = urlRef.current;
    if (fileId === null || url === null || kind === null) {
      setState({ status: 'loading' });
      return;
    }
    if (kind === 'other') {
      setState({ status: 'unsupported' });
      return;
    }
    const abort = new AbortController();
    let loaded: Sheet | null = null;
    setState({ status: 'loading' });
    loadSheet(url, kind, abort.signal, pagesRef.current).then(
      (sheet) => {
        if (abort.signal.aborted) {
          sheet.dispose();
          return;
        }
        loaded = sheet;
        setState({ status: 'ready', sheet });
      },
      () => {
        if (!abort.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => {
      abort.abort();
      loaded?.dispose();
    };
  }, [fileId, kind]);
}

/** Draws one page of a ready sheet, reporting it to `report` (null while drawing or without a sheet). */
export function usePage(state: SheetState, pageNumber: number, report: (page: PageState) => void): void {
  const sheet = state.status === 'ready' ? state.sheet : null;
  const reportRef = useRef(report);
  reportRef.current = report;
  useEffect(() => {
    const setPage = (page: PageState) => reportRef.current(page);
    if (!sheet) {
      setPage(null);
      return;
    }
    let live = true;
    sheet.page(pageNumber).then(
      (p) => live && setPage(p),
      () => live && setPage('error'),
    );
    return () => {
      live = false;
    };
  }, [sheet, pageNumber]);
}
