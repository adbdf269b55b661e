import type { BcfViewpoint } from '@obra/domain';
import { subtreeIds, type BimProperties, type BimTreeNode } from './bim-api.ts';
import type { BimBounds } from './bim-load-order.ts';
import type { ViewerCamera } from './bim-viewer-engine.ts';
import {
  parseBimPins,
  viewerOfWorld,
  worldOfViewer,
  type BimPin,
  type Coordination,
} from './bim-viewpoint.ts';

/**
 * The BIM viewer screen's state outside React (bim-viewer.tsx reads it through one `useReducer`): which models
 * are on screen and how far the loading is, the selected element and the pin under it, the issue being created
 * and the one just created. The reducer only decides; the component applies its decisions to the 3D engine
 * (bim-viewer-engine.ts, the side-effect edge). The tools' own state is tools/bim-tools-model.ts; each model's
 * download and opening progress is ModelLoadStore (bim-load-progress.tsx), apart so that its many steps redraw
 * the progress panel only.
 */

/** A converted model revision the viewer loads. */
export interface ViewerSource {
  fileId: number;
  documentId: number;
  disciplineId: number | null;
  label: string;
  /** Where the model lies (recorded by the conversion), by which a federated model loads nearest first. */
  bounds?: BimBounds | null;
}

/**
 * A BIM plugin's viewpoint that the viewer follows (the plugin session overlay, features/plugin-session): the
 * viewer opens at it, moves whenever its version changes, and an issue created in the viewer carries it.
 */
export interface FollowedViewpoint {
  viewpoint: BcfViewpoint | null;
  version: number;
}

/** A model on screen: its source, its properties (spatial tree) and its tree's nodes by local id. */
export interface LoadedModel {
  source: ViewerSource;
  properties: BimProperties;
  byId: Map<number, BimTreeNode>;
}

/**
 * The selected node of one model: picked in the tree, it highlights with what it contains (a storey, an
 * assembly); picked in the model or restored from a viewpoint, it highlights alone.
 */
export interface ViewerSelection {
  fileId: number;
  node: BimTreeNode;
  withContents: boolean;
}

/** An issue being created in the viewer (its dialog is open). */
export interface IssueDraft {
  pin: BimPin | null;
  viewpoint: BcfViewpoint;
  source: ViewerSource;
  snapshot: Blob | null;
  fromPlugin: boolean;
}

export interface BimViewerState {
  /** The models on screen, in their given order whatever order they loaded in. */
  models: LoadedModel[];
  /** The loading under way: the given order (file ids) and the models it has shown so far. */
  loading: { order: number[]; shown: LoadedModel[] };
  /** Every model is open. */
  loaded: boolean;
  failed: boolean;
  /** Some model geometry is on screen (the first model shows while the others still load). */
  firstShown: boolean;
  /** A saved view opened by `?view=` (read before the loading), restored once every model is open. */
  openingView: BcfViewpoint | null;
  camera: ViewerCamera | null;
  coordination: Coordination | null;
  selection: ViewerSelection | null;
  /** The element clicked in the model (a new issue's pin). */
  pin: BimPin | null;
  showPins: boolean;
  creating: IssueDraft | null;
  /** The issue just created here (its notice is shown). */
  created: number | null;
}

export type BimViewerAction =
  | { type: 'loadStarted'; order: number[] }
  | { type: 'openingView'; view: BcfViewpoint }
  | { type: 'firstGeometry' }
  | { type: 'modelShown'; model: LoadedModel }
  | { type: 'allShown'; coordination: Coordination }
  | { type: 'loadFailed' }
  | { type: 'camera'; camera: ViewerCamera }
  | { type: 'select'; selection: ViewerSelection | null }
  | { type: 'pinned'; pin: BimPin }
  | { type: 'showPins'; on: boolean }
  | { type: 'issueStarted'; draft: IssueDraft }
  | { type: 'issueClosed' }
  | { type: 'issueCreated'; issueId: number }
  | { type: 'createdDismissed' };

export const initialViewerState: BimViewerState = {
  models: [],
  loading: { order: [], shown: [] },
  loaded: false,
  failed: false,
  firstShown: false,
  openingView: null,
  camera: null,
  coordination: null,
  selection: null,
  pin: null,
  showPins: true,
  creating: null,
  created: null,
};

export function bimViewerReducer(state: BimViewerState, action: BimViewerAction): BimViewerState {
  switch (action.type) {
    case 'loadStarted':
      // The models of a previous loading stay on screen until the first of the new ones is shown.
      return {
        ...state,
        loading: { order: action.order, shown: [] },
        loaded: false,
        failed: false,
        firstShown: false,
        openingView: null,
      };
    case 'openingView':
      return { ...state, openingView: action.view };
    case 'firstGeometry':
      return { ...state, firstShown: true };
    case 'modelShown': {
      const { order } = state.loading;
      const shown = [...state.loading.shown, action.model];
      const rank = (m: LoadedModel) => order.indexOf(m.source.fileId);
      return { ...state, loading: { order, shown }, models: [...shown].sort((a, b) => rank(a) - rank(b)) };
    }
    case 'allShown':
      return { ...state, coordination: action.coordination, loaded: true };
    case 'loadFailed':
      return { ...state, failed: true };
    case 'camera':
      return { ...state, camera: action.camera };
    case 'select':
      return { ...state, selection: action.selection, pin: null };
    case 'pinned':
      return { ...state, pin: action.pin };
    case 'showPins':
      return { ...state, showPins: action.on };
    case 'issueStarted':
      return { ...state, creating: action.draft };
    case 'issueClosed':
      return { ...state, creating: null };
    case 'issueCreated':
      return { ...state, creating: null, created: action.issueId };
    case 'createdDismissed':
      return { ...state, created: null };
  }
}

/** The engine's ids of a selection (its node, with what it contains when picked in the tree). */
export function selectionTarget(
  selection: ViewerSelection | null,
): { modelId: string; ids: number[] } | null {
  if (!selection) return null;
  const ids = selection.withContents ? subtreeIds(selection.node) : [selection.node.id];
  return { modelId: String(selection.fileId), ids };
}

/** What the hide, isolate and show-all buttons ask of the engine; null when a button has nothing to act on. */
export type VisibilityCommand =
  { kind: 'hide' | 'isolate'; modelId: string; ids: number[] } | { kind: 'showAll' };

export function visibilityCommand(
  state: Pick<BimViewerState, 'selection'>,
  kind: VisibilityCommand['kind'],
): VisibilityCommand | null {
  if (kind === 'showAll') return { kind };
  const target = selectionTarget(state.selection);
  return target ? { kind, ...target } : null;
}

/** The elements of the models by IFC GUID (a viewpoint's selection names them so). */
export function nodesByGuid(models: LoadedModel[]): Map<string, { fileId: number; node: BimTreeNode }> {
  const map = new Map<string, { fileId: number; node: BimTreeNode }>();
  for (const model of models)
    for (const node of model.byId.values())
      if (node.guid) map.set(node.guid, { fileId: model.source.fileId, node });
  return map;
}

/** A pick of the engine (viewer coordinates). */
export interface ViewerHit {
  modelId: string;
  localId: number;
  point: { x: number; y: number; z: number };
}

/**
 * What a click on the model selects (the element alone) and the pin it leaves (when the element has a GUID): the
 * point in the viewer's and the IFC world's coordinates. A click on nothing selects nothing.
 */
export function clickedElement(
  models: LoadedModel[],
  hit: ViewerHit | null,
  coordination: Coordination | undefined,
): { selection: ViewerSelection | null; pin: BimPin | null } {
  const model = hit ? models.find((m) => String(m.source.fileId) === hit.modelId) : undefined;
  const node = hit && model ? (model.byId.get(hit.localId) ?? null) : null;
  if (!hit || !model || !node) return { selection: null, pin: null };
  const { x, y, z } = hit.point;
  const pin = node.guid
    ? {
        fileId: model.source.fileId,
        documentId: model.source.documentId,
        guid: node.guid,
        localId: node.id,
        point: { x, y, z },
        world: worldOfViewer([x, y, z], coordination),
      }
    : null;
  return { selection: { fileId: model.source.fileId, node, withContents: false }, pin };
}

/**
 * The model a new issue is created on: the pinned element's, else (in a plugin session) the first one; none
 * without a pin or a plugin's viewpoint (the button is disabled).
 */
export function issueSource(
  pin: BimPin | null,
  sources: ViewerSource[],
  plugin: { followed: boolean; viewpoint: BcfViewpoint | null },
): ViewerSource | null {
  if (!pin && !plugin.viewpoint) return null;
  return sources.find((s) => s.fileId === pin?.fileId) ?? (plugin.followed ? (sources[0] ?? null) : null);
}

/** The selected element's model name, shown among several models only. */
export function selectedModelLabel(
  state: Pick<BimViewerState, 'models' | 'selection'>,
  sources: ViewerSource[],
): string | undefined {
  const { selection, models } = state;
  if (models.length <= 1 || !selection) return undefined;
  return sources.find((s) => s.fileId === selection.fileId)?.label;
}

/**
 * Where an issue's viewpoint opens on these models: its first viewpoint (a BCF-imported one has no pin, and opens
 * with no marker), and its first pin on one of them, placed through the coordination offset when it has its
 * world point (it may come from another model).
 */
export function issueOpening(
  issue: { bimPins: unknown; viewpoints: unknown },
  fileIds: number[],
  coordination: Coordination,
): { viewpoint: BcfViewpoint | undefined; at: { x: number; y: number; z: number } | undefined } {
  const pin = parseBimPins(issue.bimPins).find((p) => fileIds.includes(p.fileId));
  const viewpoints = Array.isArray(issue.viewpoints) ? (issue.viewpoints as BcfViewpoint[]) : [];
  if (!pin) return { viewpoint: viewpoints[0], at: undefined };
  const [x, y, z] = pin.world
    ? viewerOfWorld(pin.world, coordination)
    : [pin.point.x, pin.point.y, pin.point.z];
  return { viewpoint: viewpoints[0], at: { x, y, z } };
}
