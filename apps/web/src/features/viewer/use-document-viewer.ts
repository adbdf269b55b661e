import { pinsForRevision } from '@obra/domain';
import { useCallback, useEffect, useMemo, useReducer, type KeyboardEvent } from 'react';
import {
  comparedRevisionOf,
  comparedShownPage,
  createViewerState,
  documentViewerReducer,
  pickOutcome,
  readyPage,
  revisionOf,
  sheetBody,
  sheetSources,
  shownPage as shownPageOf,
  viewerKeyAction,
  type PageState,
  type SheetState,
} from './document-viewer-model.ts';
import type { DocumentViewerProps } from './document-viewer.tsx';
import { alignedPage, overlayPage } from './overlay-render.ts';
import { sheetLayers } from './sheet-layers.ts';
import { usePage, useSheet } from './use-sheets.ts';
import { useSavedAlignment } from './use-saved-alignment.ts';
import { useSheetMarkups } from './use-sheet-markups.ts';

/**
 * The document viewer's state, read through one hook: the model (document-viewer-model.ts) in a reducer, fed by the
 * sheets and pages as they load, the base document's pins and markups, and the pair's saved alignment; what the
 * screen draws from it (layers, tiles, pins); and the handlers of clicks on the sheet and of the viewer's keys.
 */
export function useDocumentViewer(props: DocumentViewerProps) {
  const { documents, onNavigate, pinsOf, alignments, onPlacePin } = props;
  const [state, dispatch] = useReducer(documentViewerReducer, null, () =>
    createViewerState(documents, props.initial),
  );
  const { base, compared, mode, filters, dividers, pins } = state;

  const baseDoc = documents.find((d) => d.id === base?.documentId);
  const baseRevision = revisionOf(documents, base);
  const comparedRevision = comparedRevisionOf(state, documents);
  const shownPage = shownPageOf(state);
  const report = useMemo(
    () => ({
      baseSheet: (sheet: SheetState) => dispatch({ type: 'sheet', side: 'base', sheet }),
      comparedSheet: (sheet: SheetState) => dispatch({ type: 'sheet', side: 'compared', sheet }),
      basePage: (page: PageState) => dispatch({ type: 'page', side: 'base', page }),
      comparedPage: (page: PageState) => dispatch({ type: 'page', side: 'compared', page }),
    }),
    [],
  );
  useSheet(baseRevision, report.baseSheet);
  useSheet(comparedRevision, report.comparedSheet);
  usePage(state.baseSheet, shownPage, report.basePage);
  usePage(state.comparedSheet, comparedShownPage(state), report.comparedPage);

  const baseReady = state.baseSheet.status === 'ready';
  useEffect(() => {
    if (base && baseReady) onNavigate?.({ base, page: shownPage });
  }, [base, baseReady, shownPage, onNavigate]);

  // Pins of the base document.
  const baseDocumentId = base?.documentId ?? null;
  useEffect(() => {
    if (baseDocumentId === null || !pinsOf) return;
    let live = true;
    pinsOf(baseDocumentId).then(
      (found) => live && dispatch({ type: 'pins', pins: found }),
      () => live && dispatch({ type: 'pins', pins: [] }),
    );
    return () => {
      live = false;
    };
  }, [baseDocumentId, pinsOf]);
  const shownPins = useMemo(() => {
    if (!baseDoc || !base || mode !== 'single') return [];
    const oldestFirst = baseDoc.revisions.map((r) => r.revisionName).reverse();
    return pinsForRevision(pins, oldestFirst, { revision: base.revision, page: shownPage });
  }, [pins, baseDoc, base, shownPage, mode]);

  // Markups of the base document: mine and those shared with issues I see, carried over like pins.
  const markups = useSheetMarkups(
    props.markups,
    mode === 'single' ? baseDoc : undefined,
    base,
    shownPage,
    state.markups,
    dispatch,
  );

  // The saved alignment of the pair: two documents, or two revisions of one document.
  const { alignment, keepAlignment, resetAlignment } = useSavedAlignment(
    alignments,
    mode === 'single' ? null : base,
    compared,
  );

  const basePageReady = readyPage(state.basePage);
  const comparedPageReady = readyPage(state.comparedPage);
  const composed = useMemo(() => {
    if (!basePageReady || !comparedPageReady || mode === 'single') return null;
    const aligned = alignedPage(basePageReady, comparedPageReady, alignment);
    return { aligned, overlay: overlayPage(basePageReady, aligned, filters) };
  }, [basePageReady, comparedPageReady, alignment, filters, mode]);
  const layers = useMemo(
    () => (basePageReady ? sheetLayers(basePageReady, composed, mode, dividers) : []),
    [basePageReady, composed, mode, dividers],
  );

  // Sharp tiles at deep zoom for the single sheet (a comparison is composed from the page bitmaps).
  const baseTileSource = state.baseSheet.status === 'ready' ? state.baseSheet.sheet.tiles : null;
  const baseRenderScale = basePageReady?.renderScale ?? null;
  const tiles = useMemo(
    () =>
      mode === 'single' && baseTileSource && baseRenderScale !== null
        ? { source: baseTileSource, page: shownPage, renderScale: baseRenderScale }
        : null,
    [mode, baseTileSource, baseRenderScale, shownPage],
  );

  const sources = useMemo(() => sheetSources(documents), [documents]);

  const onPick = (point: { x: number; y: number }) => {
    const outcome = pickOutcome(state, point, documents, alignment);
    dispatch({ type: 'pick', point, documents });
    if (outcome?.kind === 'aligned' && outcome.alignment) keepAlignment(outcome.alignment);
    else if (outcome?.kind === 'place') onPlacePin?.(outcome.placement);
  };

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    const action = viewerKeyAction(event.key);
    if (!action) return;
    dispatch(action);
    event.preventDefault();
  }, []);

  return {
    state,
    dispatch,
    baseDoc,
    baseRevision,
    shownPage,
    basePageReady,
    body: sheetBody(state, documents),
    sources,
    shownPins,
    markups,
    layers,
    tiles,
    resetAlignment,
    onPick,
    onKeyDown,
  };
}
