// The document viewer's state outside React (issue 29): what the screen shows and what the user is doing, as a pure
// reducer that document-viewer-model.test.ts drives without a browser. React reads it through use-document-viewer.ts.
import {
  DEFAULT_OVERLAY_FILTERS,
  alignmentFromPairs,
  applyAlignment,
  createDividers,
  dragDivider,
  invertAlignment,
  type Alignment,
  type Divider,
  type DocumentPin,
  type OverlayFilters,
  type PointPair,
  type SheetPoint,
  type SheetPosition,
} from '@obra/domain';
import type { MarkupListState } from './markup-controls.tsx';
import type { RenderedPage, Sheet } from './sheet-source.ts';
import type { ViewerDocument, ViewerMarkup, ViewerRevision } from './viewer-api.ts';

/** What is shown: one sheet, or two laid over each other or side by side (spec editor §2.1, §4.4). */
export type CompareMode = 'single' | 'overlay' | 'sideBySide';

/** One sheet source: a revision of a document. */
export interface SheetChoice {
  readonly documentId: number;
  readonly revision: string;
}

/** Where a pin was placed, for the host to create an issue there. */
export interface PinPlacement {
  readonly document: ViewerDocument;
  readonly revision: ViewerRevision;
  readonly page: number;
  readonly position: SheetPosition;
  /** The page drawn, for the image. */
  readonly pageBitmap: RenderedPage;
}

/** A sheet as it loads. */
export type SheetState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly sheet: Sheet }
  | { readonly status: 'error' }
  | { readonly status: 'unsupported' };

/** One page of a sheet: drawn, still drawing (or no sheet), or failed. */
export type PageState = RenderedPage | null | 'error';

/** The two sheets: the base one and the one compared with it. */
export type Side = 'base' | 'compared';

/** The markups of the base document: the list, whether they are shown, the one being drawn or edited. */
export interface MarkupsState {
  readonly list: MarkupListState;
  /** Bumped to load the list again (after a save, a removal, a retry). */
  readonly version: number;
  readonly visible: boolean;
  /** The markup dialog: a new markup (null) or one to change; null: closed. */
  readonly edit: { readonly markup: ViewerMarkup | null } | null;
}

export interface DocumentViewerState {
  readonly base: SheetChoice | null;
  readonly compared: SheetChoice | null;
  readonly mode: CompareMode;
  /** The page asked for; the page shown is it within the sheet's pages (`shownPage`). */
  readonly page: number;
  readonly filters: OverlayFilters;
  /** The align tool's points so far (compared, base, compared, base); null: the tool is off. */
  readonly aligning: readonly SheetPoint[] | null;
  /** The pin tool: the next click on the sheet places a pin. */
  readonly placing: boolean;
  /** Side by side: the two dividers, laid out again for each mode and page width. */
  readonly dividers: readonly Divider[] | null;
  /** The pins of the base document (every revision; `shownPins` picks the page's). */
  readonly pins: readonly DocumentPin[];
  readonly baseSheet: SheetState;
  readonly comparedSheet: SheetState;
  readonly basePage: PageState;
  readonly comparedPage: PageState;
  readonly markups: MarkupsState;
}

export interface ViewerInitial {
  readonly base: SheetChoice | null;
  readonly compared: SheetChoice | null;
  readonly page: number;
  readonly mode?: CompareMode;
}

export type DocumentViewerAction =
  | { readonly type: 'chooseBase'; readonly choice: SheetChoice }
  | { readonly type: 'chooseCompared'; readonly choice: SheetChoice | null }
  /** `documents`: to pick a sheet to compare with when there is none yet, or it is the base one. */
  | { readonly type: 'mode'; readonly mode: CompareMode; readonly documents: readonly ViewerDocument[] }
  | { readonly type: 'goToPage'; readonly page: number }
  | { readonly type: 'nextPage' }
  | { readonly type: 'previousPage' }
  | { readonly type: 'filters'; readonly filters: OverlayFilters }
  | { readonly type: 'toggleAlign' }
  | { readonly type: 'togglePlacing' }
  /** Escape: the align and pin tools stop. */
  | { readonly type: 'cancel' }
  /** A click on the sheet while a tool is on (`pickOutcome` says what it does besides). */
  | { readonly type: 'pick'; readonly point: SheetPoint; readonly documents: readonly ViewerDocument[] }
  | { readonly type: 'dragDivider'; readonly id: string; readonly x: number }
  | { readonly type: 'sheet'; readonly side: Side; readonly sheet: SheetState }
  | { readonly type: 'page'; readonly side: Side; readonly page: PageState }
  | { readonly type: 'pins'; readonly pins: readonly DocumentPin[] }
  | { readonly type: 'markupsLoading' }
  | { readonly type: 'markupsLoaded'; readonly items: readonly ViewerMarkup[] }
  | { readonly type: 'markupsFailed' }
  | { readonly type: 'markupsReload' }
  | { readonly type: 'markupsVisible'; readonly visible: boolean }
  | { readonly type: 'editMarkup'; readonly edit: { readonly markup: ViewerMarkup | null } | null }
  | { readonly type: 'markupSaved' };

export function latest(document: ViewerDocument | undefined): string | null {
  return document?.revisions[0]?.revisionName ?? null;
}

export function revisionOf(
  documents: readonly ViewerDocument[],
  choice: SheetChoice | null,
): ViewerRevision | null {
  if (!choice) return null;
  const doc = documents.find((d) => d.id === choice.documentId);
  return doc?.revisions.find((r) => r.revisionName.toLowerCase() === choice.revision.toLowerCase()) ?? null;
}

export function choiceKey(choice: SheetChoice | null): string {
  return choice ? `${choice.documentId}:${choice.revision}` : '';
}

export function parseChoice(value: string | null): SheetChoice | null {
  if (!value) return null;
  const at = value.indexOf(':');
  return { documentId: Number(value.slice(0, at)), revision: value.slice(at + 1) };
}

/** Every revision of every document, as the revision selects offer them. */
export function sheetSources(documents: readonly ViewerDocument[]): { value: string; label: string }[] {
  return documents.flatMap((doc) =>
    doc.revisions.map((r) => ({
      value: choiceKey({ documentId: doc.id, revision: r.revisionName }),
      label: documents.length > 1 ? `${doc.name} · ${r.revisionName}` : r.revisionName,
    })),
  );
}

/** The default choices: the first document's latest revision; to compare, the next document or the previous revision. */
export function defaultChoices(documents: readonly ViewerDocument[]): {
  base: SheetChoice | null;
  compared: SheetChoice | null;
} {
  const [first, second] = documents;
  const baseRevision = latest(first);
  const base = first && baseRevision ? { documentId: first.id, revision: baseRevision } : null;
  const secondRevision = latest(second);
  if (second && secondRevision)
    return { base, compared: { documentId: second.id, revision: secondRevision } };
  const previous = first?.revisions[1]?.revisionName;
  return { base, compared: first && previous ? { documentId: first.id, revision: previous } : null };
}

/** A viewer just opened: the sheets loading, the tools off; comparing when asked, or when given several documents. */
export function createViewerState(
  documents: readonly ViewerDocument[],
  initial: ViewerInitial,
): DocumentViewerState {
  return {
    base: initial.base,
    compared: initial.compared,
    mode: initial.mode ?? (initial.compared && documents.length > 1 ? 'overlay' : 'single'),
    page: initial.page,
    filters: DEFAULT_OVERLAY_FILTERS,
    aligning: null,
    placing: false,
    dividers: null,
    pins: [],
    baseSheet: { status: 'loading' },
    comparedSheet: { status: 'loading' },
    basePage: null,
    comparedPage: null,
    markups: { list: { status: 'loading' }, version: 0, visible: true, edit: null },
  };
}

/** A drawn page, or null (drawing, none, failed). */
export function readyPage(page: PageState): RenderedPage | null {
  return page && page !== 'error' ? page : null;
}

/** The base sheet's page count (1 until it is loaded). */
export function pageCount(state: DocumentViewerState): number {
  return state.baseSheet.status === 'ready' ? state.baseSheet.sheet.pageCount : 1;
}

/** The page shown: the one asked for, within the base sheet's pages. */
export function shownPage(state: DocumentViewerState): number {
  return Math.min(Math.max(1, state.page), pageCount(state));
}

/** The compared sheet's page shown beside it: the same page, or its last one. */
export function comparedShownPage(state: DocumentViewerState): number {
  const count = state.comparedSheet.status === 'ready' ? state.comparedSheet.sheet.pageCount : 1;
  return Math.min(shownPage(state), count);
}

/** The revision compared with the base one; null when a single sheet is shown. */
export function comparedRevisionOf(
  state: DocumentViewerState,
  documents: readonly ViewerDocument[],
): ViewerRevision | null {
  return state.mode === 'single' ? null : revisionOf(documents, state.compared);
}

/** The step of the align tool (0–3: which point to click next), or -1 when it is off. */
export function alignStep(state: DocumentViewerState): number {
  return state.aligning ? state.aligning.length : -1;
}

/** Whether a click on the sheet picks a point (align or pin tool) rather than nothing. */
export function picking(state: DocumentViewerState): boolean {
  return Boolean(state.aligning) || state.placing;
}

/** The latest revision when the base one is an older one (the "not the latest" warning); else null. */
export function newerRevision(
  state: DocumentViewerState,
  documents: readonly ViewerDocument[],
): string | null {
  const latestName = latest(documents.find((d) => d.id === state.base?.documentId));
  if (!state.base || latestName === null) return null;
  return latestName.toLowerCase() !== state.base.revision.toLowerCase() ? latestName : null;
}

/** What stands where the sheet goes: a load error (naming the document that failed), a message, a loader, or it. */
export type SheetBodyState =
  | { readonly status: 'error'; readonly failedId: number | null }
  | { readonly status: 'unsupported' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready' };

export function sheetBody(state: DocumentViewerState, documents: readonly ViewerDocument[]): SheetBodyState {
  const comparing = comparedRevisionOf(state, documents) !== null;
  const compared = comparing ? state.comparedSheet.status : null;
  if (state.baseSheet.status === 'error' || state.basePage === 'error' || compared === 'error') {
    const failedId =
      state.baseSheet.status === 'error'
        ? (state.base?.documentId ?? null)
        : state.comparedSheet.status === 'error'
          ? (state.compared?.documentId ?? null)
          : null;
    return { status: 'error', failedId };
  }
  if (state.baseSheet.status === 'unsupported' || compared === 'unsupported')
    return { status: 'unsupported' };
  if (state.baseSheet.status === 'loading' || !state.basePage || compared === 'loading')
    return { status: 'loading' };
  return { status: 'ready' };
}

/**
 * The alignment the four align points give (compared, base, compared, base), or null when they do not make one.
 * The compared points were clicked where the compared sheet is shown now (`current`): they go back to its own page
 * units first.
 */
export function alignmentFromPicks(points: readonly SheetPoint[], current: Alignment): Alignment | null {
  const [c1, b1, c2, b2] = points;
  if (!c1 || !b1 || !c2 || !b2) return null;
  const inverse = invertAlignment(current);
  const pairs: [PointPair, PointPair] = [
    { compared: applyAlignment(inverse, c1), base: b1 },
    { compared: applyAlignment(inverse, c2), base: b2 },
  ];
  return alignmentFromPairs(pairs[0], pairs[1]);
}

/** What a click on the sheet does besides changing the state: a new alignment (or none), or a pin to place. */
export type PickOutcome =
  | { readonly kind: 'aligned'; readonly alignment: Alignment | null }
  | { readonly kind: 'place'; readonly placement: PinPlacement }
  | null;

/** The pin a click at `point` places: the pin tool is on and the base page is drawn; else null. */
export function pinPlacement(
  state: DocumentViewerState,
  point: SheetPoint,
  documents: readonly ViewerDocument[],
): PinPlacement | null {
  const page = readyPage(state.basePage);
  const document = documents.find((d) => d.id === state.base?.documentId);
  const revision = revisionOf(documents, state.base);
  if (!state.placing || !page || !document || !revision) return null;
  return {
    document,
    revision,
    page: shownPage(state),
    position: { x: point.x / page.width, y: point.y / page.height },
    pageBitmap: page,
  };
}

export function pickOutcome(
  state: DocumentViewerState,
  point: SheetPoint,
  documents: readonly ViewerDocument[],
  current: Alignment,
): PickOutcome {
  if (state.aligning) {
    const points = [...state.aligning, point];
    return points.length >= 4 ? { kind: 'aligned', alignment: alignmentFromPicks(points, current) } : null;
  }
  const placement = pinPlacement(state, point, documents);
  return placement ? { kind: 'place', placement } : null;
}

/** The viewer's keys (on the whole viewer): PageDown and PageUp turn the page, Escape stops the align and pin tools. */
export function viewerKeyAction(key: string): DocumentViewerAction | null {
  if (key === 'PageDown') return { type: 'nextPage' };
  if (key === 'PageUp') return { type: 'previousPage' };
  if (key === 'Escape') return { type: 'cancel' };
  return null;
}

function pageWidth(state: DocumentViewerState): number {
  return readyPage(state.basePage)?.width ?? 0;
}

/** Side by side, the dividers are laid out anew when the mode or the page's width changes. */
function layOutDividers(before: DocumentViewerState, after: DocumentViewerState): DocumentViewerState {
  const width = pageWidth(after);
  if (after.mode === before.mode && width === pageWidth(before)) return after;
  return { ...after, dividers: after.mode === 'sideBySide' && width > 0 ? createDividers(width) : null };
}

function sameSheet(a: SheetState, b: SheetState): boolean {
  if (a.status !== b.status) return false;
  return a.status !== 'ready' || (b.status === 'ready' && a.sheet === b.sheet);
}

function markupsReducer(markups: MarkupsState, action: DocumentViewerAction): MarkupsState {
  switch (action.type) {
    case 'markupsLoading':
      return markups.list.status === 'loading' ? markups : { ...markups, list: { status: 'loading' } };
    case 'markupsLoaded':
      return { ...markups, list: { status: 'ready', items: action.items } };
    case 'markupsFailed':
      return { ...markups, list: { status: 'error' } };
    case 'markupsReload':
      return { ...markups, version: markups.version + 1 };
    case 'markupsVisible':
      return { ...markups, visible: action.visible };
    case 'editMarkup':
      return { ...markups, edit: action.edit };
    case 'markupSaved':
      return { ...markups, edit: null, visible: true, version: markups.version + 1 };
    default:
      return markups;
  }
}

function step(state: DocumentViewerState, action: DocumentViewerAction): DocumentViewerState {
  switch (action.type) {
    case 'chooseBase':
      return { ...state, base: action.choice };
    case 'chooseCompared':
      return { ...state, compared: action.choice };
    case 'mode': {
      const { base, compared } = state;
      const stale = !compared || choiceKey(compared) === choiceKey(base);
      const other = sheetSources(action.documents).find((source) => source.value !== choiceKey(base));
      return {
        ...state,
        mode: action.mode,
        aligning: null,
        placing: false,
        compared: action.mode !== 'single' && stale ? parseChoice(other?.value ?? null) : compared,
      };
    }
    case 'goToPage':
      return { ...state, page: action.page };
    case 'nextPage':
      return { ...state, page: Math.min(pageCount(state), shownPage(state) + 1) };
    case 'previousPage':
      return { ...state, page: Math.max(1, shownPage(state) - 1) };
    case 'filters':
      return { ...state, filters: action.filters };
    case 'toggleAlign':
      return { ...state, aligning: state.aligning ? null : [] };
    case 'togglePlacing':
      return { ...state, placing: !state.placing };
    case 'cancel':
      return { ...state, aligning: null, placing: false };
    case 'pick': {
      if (state.aligning) {
        const points = [...state.aligning, action.point];
        return { ...state, aligning: points.length >= 4 ? null : points };
      }
      return pinPlacement(state, action.point, action.documents) ? { ...state, placing: false } : state;
    }
    case 'dragDivider': {
      const width = readyPage(state.basePage)?.width;
      if (!state.dividers || width === undefined) return state;
      return { ...state, dividers: dragDivider(state.dividers, action.id, action.x, width) };
    }
    case 'sheet': {
      if (sameSheet(action.side === 'base' ? state.baseSheet : state.comparedSheet, action.sheet))
        return state;
      return action.side === 'base'
        ? { ...state, baseSheet: action.sheet }
        : { ...state, comparedSheet: action.sheet };
    }
    case 'page': {
      if ((action.side === 'base' ? state.basePage : state.comparedPage) === action.page) return state;
      return action.side === 'base'
        ? { ...state, basePage: action.page }
        : { ...state, comparedPage: action.page };
    }
    case 'pins':
      return { ...state, pins: action.pins };
    default: {
      const markups = markupsReducer(state.markups, action);
      return markups === state.markups ? state : { ...state, markups };
    }
  }
}

/** The viewer's reducer: one user or loading step. */
export function documentViewerReducer(
  state: DocumentViewerState,
  action: DocumentViewerAction,
): DocumentViewerState {
  return layOutDividers(state, step(state, action));
}
