import { useEffect, useRef, useState } from 'react';
import type { ViewerRevision } from './viewer-api.ts';
import { loadSheet, type RenderedPage, type Sheet } from './sheet-source.ts';

/** A sheet as it loads. */
export type SheetState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly sheet: Sheet }
  | { readonly status: 'error' }
  | { readonly status: 'unsupported' };

/** Loads the sheet of a revision (null: none), disposing of it when another is asked. */
export function useSheet(revision: ViewerRevision | null): SheetState {
  const [state, setState] = useState<SheetState>({ status: 'loading' });
  const fileId = revision?.fileId ?? null;
  const url = revision?.url ?? null;
  const kind = revision?.kind ?? null;
  // The address is signed anew on each open: the file is what the effect follows, its latest address is read.
  const urlRef = useRef(url);
  urlRef.current = url;
  const pagesRef = useRef(revision?.pages ?? null);
  pagesRef.current = revision?.pages ?? null;
  useEffect(() => {
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
  return state;
}

/** One page of a ready sheet, drawn (null while drawing or without a sheet). */
export function usePage(state: SheetState, pageNumber: number): RenderedPage | null | 'error' {
  const [page, setPage] = useState<RenderedPage | null | 'error'>(null);
  const sheet = state.status === 'ready' ? state.sheet : null;
  useEffect(() => {
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
  return page;
}
