import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  allChosen,
  chosenIds,
  emptyFileBrowser,
  reduceFileBrowser,
  type FileBrowserAction,
  type FileBrowserState,
} from './file-browser-model.ts';

/** One page of a drive or files list, as both `GET /files` answer it. */
export interface FilesPage<T> {
  files: T[];
  total: number;
}

/**
 * A file list screen's state (file-browser-model.ts) and its loading: every file of the view, page by page (the
 * first page shows at once, the next ones are appended as they arrive). `viewKey` names the view (its query): a new
 * view, or a reload, starts over and drops the answers of the previous one.
 */
export function useFileBrowser<F extends { id: number }, D = never>(
  viewKey: string,
  loadPage: (page: number) => Promise<FilesPage<F>>,
) {
  const [state, dispatch] = useReducer(
    (current: FileBrowserState<F, D>, action: FileBrowserAction<F, D>) => reduceFileBrowser(current, action),
    undefined,
    () => emptyFileBrowser<F, D>(),
  );
  const load = useRef(loadPage);
  load.current = loadPage;
  const key = `${viewKey}:${state.reloads}`;
  useEffect(() => {
    let cancelled = false;
    dispatch({ type: 'loadStarted' });
    const run = async () => {
      let listed = 0;
      for (let page = 1; ; page++) {
        const answer = await load.current(page);
        if (cancelled) return;
        listed += answer.files.length;
        dispatch({ type: 'pageLoaded', page, files: answer.files, total: answer.total });
        if (listed >= answer.total || answer.files.length === 0) return;
      }
    };
    run().catch(() => !cancelled && dispatch({ type: 'loadFailed' }));
    return () => {
      cancelled = true;
    };
  }, [key]);
  const { files, selected } = state;
  const chosen = useMemo(() => chosenIds({ ...emptyFileBrowser(), files, selected }), [files, selected]);
  const reload = useCallback(() => dispatch({ type: 'reload' }), []);
  return { state, dispatch, chosen, allChosen: allChosen(state), reload };
}

/** The virtual rows of a list of `count` rows of one height, and the element that scrolls them. */
export function useListVirtualizer(count: number, rowHeight: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scroller.current, []);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const virtualizer = useVirtualizer({ count, getScrollElement, estimateSize, overscan: 8 });
  return { scroller, virtualizer };
}

/** A screen's file browser, as `useFileBrowser` returns it. */
export type FileBrowser<F extends { id: number }, D = never> = ReturnType<typeof useFileBrowser<F, D>>;
