import { IDENTITY_ALIGNMENT } from '@obra/domain';
import { describe, expect, it } from 'vitest';
import {
  alignStep,
  comparedRevisionOf,
  createViewerState,
  defaultChoices,
  documentViewerReducer,
  newerRevision,
  pageCount,
  pickOutcome,
  picking,
  sheetBody,
  shownPage,
  viewerKeyAction,
  type DocumentViewerAction,
  type DocumentViewerState,
} from './document-viewer-model.ts';
import type { Sheet, RenderedPage } from './sheet-source.ts';
import { sheetKeyAction, sheetViewReducer, PAN_STEP } from './sheet-view-model.ts';
import type { ViewerDocument, ViewerMarkup, ViewerRevision } from './viewer-api.ts';

// The document viewer's model driven without a browser (issue 29), the way the editor's TestEditor drives the
// editor: a user's session as actions, the state asserted after each step.

function revision(fileId: number, name: string): ViewerRevision {
  return {
    fileId,
    revisionName: name,
    fileName: `A-101-${name}.pdf`,
    extension: 'pdf',
    contentType: 'application/pdf',
    kind: 'pdf',
    processingState: 'success',
    uploadedAt: '2026-11-29T10:00:00.000Z',
    url: `/files/${fileId}.pdf?sig=x`,
    pages: null,
  };
}

/** A-101 with three revisions, the newest first (as the server lists them); B-200 with one. */
const a101: ViewerDocument = {
  id: 7,
  name: 'A-101',
  revisions: [revision(73, 'R02'), revision(72, 'R01'), revision(71, 'R00')],
};
const b200: ViewerDocument = { id: 9, name: 'B-200', revisions: [revision(91, 'R00')] };

function sheet(pages: number): Sheet {
  return {
    pageCount: pages,
    page: () => Promise.reject(new Error('not drawn in this test')),
    tiles: null,
    dispose: () => undefined,
  };
}

function drawnPage(width = 800, height = 400): RenderedPage {
  return { canvas: document.createElement('canvas'), width, height, renderScale: 2, source: 'pdf' };
}

/** Runs the actions from `state`, as the viewer's reducer does one at a time. */
function run(state: DocumentViewerState, ...actions: DocumentViewerAction[]): DocumentViewerState {
  return actions.reduce(documentViewerReducer, state);
}

describe('the document viewer model: one drawing', () => {
  const documents = [a101];
  const opened = () =>
    createViewerState(documents, { base: { documentId: 7, revision: 'R01' }, compared: null, page: 3 });

  it('opens on the asked page once the sheet has that many pages, and turns pages within them', () => {
    let state = opened();
    expect(state.mode).toBe('single');
    expect(sheetBody(state, documents)).toEqual({ status: 'loading' });
    // The address asked for page 3: until the sheet is loaded it has one page, so page 1 is shown.
    expect([shownPage(state), pageCount(state)]).toEqual([1, 1]);

    state = run(state, { type: 'sheet', side: 'base', sheet: { status: 'ready', sheet: sheet(4) } });
    expect([shownPage(state), pageCount(state)]).toEqual([3, 4]);
    expect(sheetBody(state, documents)).toEqual({ status: 'loading' });
    state = run(state, { type: 'page', side: 'base', page: drawnPage() });
    expect(sheetBody(state, documents)).toEqual({ status: 'ready' });

    state = run(state, { type: 'nextPage' }, { type: 'nextPage' });
    expect(shownPage(state)).toBe(4);
    state = run(state, { type: 'previousPage' });
    expect(shownPage(state)).toBe(3);
    state = run(state, { type: 'goToPage', page: 12 });
    expect(shownPage(state)).toBe(4);
    // From a page past the end, the previous page is the one before the last, not 11.
    state = run(state, { type: 'previousPage' });
    expect(shownPage(state)).toBe(3);
    state = run(state, { type: 'goToPage', page: 1 }, { type: 'previousPage' });
    expect(shownPage(state)).toBe(1);
  });

  it('warns of a newer revision until the latest is opened', () => {
    let state = opened();
    expect(newerRevision(state, documents)).toBe('R02');
    state = run(state, { type: 'chooseBase', choice: { documentId: 7, revision: 'r02' } });
    expect(newerRevision(state, documents)).toBeNull();
  });

  it('places a pin where the sheet is clicked, once, at the position relative to the page', () => {
    let state = run(
      opened(),
      { type: 'sheet', side: 'base', sheet: { status: 'ready', sheet: sheet(4) } },
      { type: 'page', side: 'base', page: drawnPage(800, 400) },
      { type: 'togglePlacing' },
    );
    expect(picking(state)).toBe(true);
    const outcome = pickOutcome(state, { x: 200, y: 300 }, documents, IDENTITY_ALIGNMENT);
    expect(outcome?.kind).toBe('place');
    if (outcome?.kind !== 'place') return;
    expect(outcome.placement.document.id).toBe(7);
    expect(outcome.placement.revision.revisionName).toBe('R01');
    expect(outcome.placement.page).toBe(3);
    expect(outcome.placement.position).toEqual({ x: 0.25, y: 0.75 });

    state = run(state, { type: 'pick', point: { x: 200, y: 300 }, documents });
    expect(state.placing).toBe(false);
    expect(picking(state)).toBe(false);
    expect(pickOutcome(state, { x: 10, y: 10 }, documents, IDENTITY_ALIGNMENT)).toBeNull();
  });

  it('keeps the pin tool on while the page is not drawn, and Escape stops it', () => {
    let state = run(opened(), { type: 'togglePlacing' });
    expect(pickOutcome(state, { x: 1, y: 1 }, documents, IDENTITY_ALIGNMENT)).toBeNull();
    state = run(state, { type: 'pick', point: { x: 1, y: 1 }, documents });
    expect(state.placing).toBe(true);
    const escape = viewerKeyAction('Escape');
    expect(escape).toEqual({ type: 'cancel' });
    if (escape) state = run(state, escape);
    expect(state.placing).toBe(false);
    expect(viewerKeyAction('PageDown')).toEqual({ type: 'nextPage' });
    expect(viewerKeyAction('PageUp')).toEqual({ type: 'previousPage' });
    expect(viewerKeyAction('a')).toBeNull();
  });

  it('opens the markup dialog, and after a save closes it, shows the markups and loads them again', () => {
    let state = run(
      opened(),
      { type: 'markupsLoaded', items: [] },
      { type: 'markupsVisible', visible: false },
      { type: 'editMarkup', edit: { markup: null } },
    );
    expect(state.markups).toMatchObject({
      list: { status: 'ready' },
      visible: false,
      edit: { markup: null },
    });
    state = run(state, { type: 'markupSaved' });
    expect(state.markups).toMatchObject({ visible: true, edit: null, version: 1 });
    state = run(state, { type: 'markupsLoading' });
    expect(state.markups.list).toEqual({ status: 'loading' });
    const markup = { id: 5, documentId: 7 } as ViewerMarkup;
    state = run(state, { type: 'editMarkup', edit: { markup } }, { type: 'markupsFailed' });
    expect(state.markups.edit?.markup?.id).toBe(5);
    expect(state.markups.list).toEqual({ status: 'error' });
    state = run(state, { type: 'markupsReload' });
    expect(state.markups.version).toBe(2);
  });

  it('keeps the same state when a sheet or page is reported again unchanged (no new render)', () => {
    const loaded = sheet(2);
    const page = drawnPage();
    const state = run(
      opened(),
      { type: 'sheet', side: 'base', sheet: { status: 'ready', sheet: loaded } },
      { type: 'page', side: 'base', page },
    );
    expect(run(state, { type: 'sheet', side: 'base', sheet: { status: 'ready', sheet: loaded } })).toBe(
      state,
    );
    expect(run(state, { type: 'page', side: 'base', page })).toBe(state);
    expect(run(state, { type: 'sheet', side: 'base', sheet: { status: 'ready', sheet: sheet(2) } })).not.toBe(
      state,
    );
  });
});

describe('the document viewer model: comparing', () => {
  it('starts comparing with the previous revision, aligns with four points, and Escape cancels an alignment', () => {
    const documents = [a101];
    let state = createViewerState(documents, {
      base: { documentId: 7, revision: 'R02' },
      compared: null,
      page: 1,
    });
    expect(comparedRevisionOf(state, documents)).toBeNull();
    state = run(
      state,
      { type: 'sheet', side: 'base', sheet: { status: 'ready', sheet: sheet(1) } },
      { type: 'page', side: 'base', page: drawnPage(900, 600) },
      { type: 'togglePlacing' },
      { type: 'mode', mode: 'overlay', documents },
    );
    expect(state.mode).toBe('overlay');
    expect(state.placing).toBe(false);
    expect(state.compared).toEqual({ documentId: 7, revision: 'R01' });
    expect(comparedRevisionOf(state, documents)?.fileId).toBe(72);
    // The compared sheet still loading holds the comparison back.
    expect(sheetBody(state, documents)).toEqual({ status: 'loading' });
    state = run(state, { type: 'sheet', side: 'compared', sheet: { status: 'ready', sheet: sheet(1) } });
    expect(sheetBody(state, documents)).toEqual({ status: 'ready' });

    state = run(state, { type: 'toggleAlign' });
    expect([alignStep(state), picking(state)]).toEqual([0, true]);
    state = run(
      state,
      { type: 'pick', point: { x: 100, y: 100 }, documents },
      { type: 'pick', point: { x: 110, y: 120 }, documents },
      { type: 'pick', point: { x: 300, y: 100 }, documents },
    );
    expect(alignStep(state)).toBe(3);
    const last = { x: 310, y: 120 };
    const outcome = pickOutcome(state, last, documents, IDENTITY_ALIGNMENT);
    expect(outcome?.kind).toBe('aligned');
    if (outcome?.kind !== 'aligned') return;
    expect(outcome.alignment?.scale).toBeCloseTo(1, 6);
    expect(outcome.alignment?.rotation).toBeCloseTo(0, 6);
    expect(outcome.alignment?.translateX).toBeCloseTo(10, 6);
    expect(outcome.alignment?.translateY).toBeCloseTo(20, 6);
    state = run(state, { type: 'pick', point: last, documents });
    expect([alignStep(state), picking(state)]).toEqual([-1, false]);

    // Started again and cancelled after one point: no alignment, the tool is off.
    state = run(state, { type: 'toggleAlign' }, { type: 'pick', point: { x: 5, y: 5 }, documents });
    expect(state.aligning).toEqual([{ x: 5, y: 5 }]);
    state = run(state, { type: 'cancel' });
    expect(state.aligning).toBeNull();
  });

  it('lays the dividers out side by side for the page width, drags them, and drops them in another mode', () => {
    const documents = [a101];
    let state = run(
      createViewerState(documents, {
        base: { documentId: 7, revision: 'R02' },
        compared: { documentId: 7, revision: 'R00' },
        page: 1,
        mode: 'sideBySide',
      }),
    );
    expect(state.dividers).toBeNull();
    state = run(state, { type: 'page', side: 'base', page: drawnPage(900, 600) });
    expect(state.dividers?.map((d) => d.x)).toEqual([300, 600]);
    state = run(state, { type: 'dragDivider', id: 'divider-1', x: 150 });
    expect(state.dividers?.map((d) => d.x)).toEqual([150, 600]);
    // Another page of the same width keeps where the user put them; another width lays them out again.
    state = run(state, { type: 'page', side: 'base', page: drawnPage(900, 500) });
    expect(state.dividers?.map((d) => d.x)).toEqual([150, 600]);
    state = run(state, { type: 'page', side: 'base', page: drawnPage(1200, 500) });
    expect(state.dividers?.map((d) => d.x)).toEqual([400, 800]);
    state = run(state, { type: 'mode', mode: 'overlay', documents });
    expect(state.dividers).toBeNull();
    // The compared revision was chosen: switching modes keeps it.
    expect(state.compared).toEqual({ documentId: 7, revision: 'R00' });
  });

  it('compares two documents by default, and a failed load names the document that failed', () => {
    const documents = [a101, b200];
    const choices = defaultChoices(documents);
    expect(choices).toEqual({
      base: { documentId: 7, revision: 'R02' },
      compared: { documentId: 9, revision: 'R00' },
    });
    const opened = createViewerState(documents, { ...choices, page: 1 });
    expect(opened.mode).toBe('overlay');
    const ready = run(opened, { type: 'sheet', side: 'base', sheet: { status: 'ready', sheet: sheet(1) } });
    expect(
      sheetBody(run(ready, { type: 'sheet', side: 'compared', sheet: { status: 'error' } }), documents),
    ).toEqual({ status: 'error', failedId: 9 });
    expect(
      sheetBody(run(opened, { type: 'sheet', side: 'base', sheet: { status: 'error' } }), documents),
    ).toEqual({ status: 'error', failedId: 7 });
    // A page that fails to draw is an error too, without a document to remove.
    expect(sheetBody(run(ready, { type: 'page', side: 'base', page: 'error' }), documents)).toEqual({
      status: 'error',
      failedId: null,
    });
    expect(
      sheetBody(run(ready, { type: 'sheet', side: 'compared', sheet: { status: 'unsupported' } }), documents),
    ).toEqual({ status: 'unsupported' });
  });
});

describe('the sheet view (zoom and pan)', () => {
  const size = { width: 1000, height: 500 };
  const page = { width: 2000, height: 1000 };

  it('fits the page, zooms around the centre of the view, pans with the arrows and drags', () => {
    let view = sheetViewReducer({ scale: 1, x: 0, y: 0 }, { type: 'fit', page, size });
    expect(view).toEqual({ scale: 0.475, x: 25, y: 12.5 });
    const centre = (v: typeof view) => ({ x: (500 - v.x) / v.scale, y: (250 - v.y) / v.scale });
    const before = centre(view);
    view = sheetViewReducer(view, { type: 'zoom', steps: 5, size });
    expect(view.scale).toBeCloseTo(0.475 * 1.1 ** 5, 9);
    expect(centre(view).x).toBeCloseTo(before.x, 9);
    expect(centre(view).y).toBeCloseTo(before.y, 9);

    const left = sheetKeyAction('ArrowLeft', page, size);
    if (left) view = sheetViewReducer(view, left);
    const up = sheetKeyAction('ArrowUp', page, size);
    const panned = up ? sheetViewReducer(view, up) : view;
    expect(panned.y - view.y).toBe(PAN_STEP);
    expect(sheetKeyAction('0', page, size)).toEqual({ type: 'fit', page, size });
    expect(sheetKeyAction('=', page, size)).toEqual(sheetKeyAction('+', page, size));
    expect(sheetKeyAction('x', page, size)).toBeNull();

    const dragged = sheetViewReducer(panned, { type: 'drag', from: view, dx: -40, dy: 15 });
    expect(dragged).toEqual({ scale: view.scale, x: view.x - 40, y: view.y + 15 });
  });

  it('zooms to the slider value (50 is 1:1) and with the wheel around the pointer', () => {
    const one = sheetViewReducer({ scale: 0.3, x: 10, y: 10 }, { type: 'slider', value: 50, size });
    expect(one.scale).toBeCloseTo(1, 9);
    const at = { x: 200, y: 100 };
    const under = { x: (at.x - one.x) / one.scale, y: (at.y - one.y) / one.scale };
    const out = sheetViewReducer(one, { type: 'wheel', deltaY: 40, at });
    expect(out.scale).toBeCloseTo(1 / 1.1, 9);
    expect((at.x - out.x) / out.scale).toBeCloseTo(under.x, 9);
    expect((at.y - out.y) / out.scale).toBeCloseTo(under.y, 9);
  });
});
