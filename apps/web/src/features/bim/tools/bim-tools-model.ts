import type { BimTreeNode } from '../bim-api.ts';
import { distanceBetween, formatMeasure, polygonArea, projectOnPlane } from './measure-math.ts';
import { flipPlane, offsetPlane, type SectionPlane, type Vec3 } from './section-math.ts';

/**
 * The viewer's tools' state outside React (use-bim-tools.tsx reads it through one `useReducer`): the open panel,
 * the tool a click on the model goes to, the section planes and box, the hidden classes, ghosting, the
 * measurements, the plan view and first-person navigation. The reducer only decides; the hook applies the
 * decisions to the engine through BimToolsController (the side-effect edge).
 */

/** The tool a click on the model goes to (else it selects, as the viewer does). */
export type PickingTool = 'section' | 'distance' | 'area' | null;
/** The panel open beside the toolbar. */
export type ToolPanel = 'section' | 'classes' | 'measure' | 'plan' | null;

/** A section plane placed by the user: where it was placed, and how far it was moved along its normal since. */
export interface PlacedPlane {
  base: SectionPlane;
  offset: number;
}

export interface Measurement {
  id: string;
  kind: 'distance' | 'area';
  points: Vec3[];
  /** Area picks: the plane of the first face, which the next corners are projected on. */
  face?: { point: Vec3; normal: Vec3 };
  done: boolean;
}

/** A model of the viewer as the tools see it: its id in the engine and its spatial tree. */
export interface ToolModel {
  modelId: string;
  label: string;
  tree: BimTreeNode;
}

export interface BimToolsModelState {
  picking: PickingTool;
  panel: ToolPanel;
  planes: PlacedPlane[];
  box: SectionPlane[];
  hiddenClasses: ReadonlySet<string>;
  ghost: boolean;
  measurements: Measurement[];
  /** The storey whose plan view is open (`modelId:localId`). */
  plan: string | null;
  walking: boolean;
  /** The diagonal of the models' box (m), which scales the section offsets. */
  modelSize: number;
}

export type BimToolsAction =
  | { type: 'togglePanel'; panel: Exclude<ToolPanel, null> }
  | { type: 'closePanel' }
  | { type: 'togglePicking'; tool: Exclude<PickingTool, null> }
  | { type: 'sectionPicked'; id: string; face: { point: Vec3; normal: Vec3 } }
  | { type: 'flipPlane'; id: string }
  | { type: 'movePlane'; id: string; offset: number }
  | { type: 'deletePlane'; id: string }
  | { type: 'setBox'; box: SectionPlane[] }
  | { type: 'restoreSections'; planes: SectionPlane[] }
  | { type: 'toggleClass'; cls: string }
  | { type: 'showAllClasses' }
  | { type: 'ghost'; on: boolean }
  | { type: 'startMeasure'; kind: 'distance' | 'area' }
  | { type: 'measurePoint'; kind: 'distance' | 'area'; id: string; hit: { point: Vec3; normal: Vec3 | null } }
  | { type: 'finishArea' }
  | { type: 'deleteMeasurement'; id: string }
  | { type: 'planOpened'; key: string }
  | { type: 'planClosed' }
  | { type: 'walking'; on: boolean }
  | { type: 'modelSize'; size: number }
  | { type: 'engineGone' };

export const initialToolsState: BimToolsModelState = {
  picking: null,
  panel: null,
  planes: [],
  box: [],
  hiddenClasses: new Set(),
  ghost: false,
  measurements: [],
  plan: null,
  walking: false,
  modelSize: 10,
};

/** A measurement's next point: a new measurement, or the next corner of the open one of the same kind. */
function withPoint(
  all: Measurement[],
  action: Extract<BimToolsAction, { type: 'measurePoint' }>,
): Measurement[] {
  const { kind, hit } = action;
  const last = all[all.length - 1];
  const open = last && !last.done && last.kind === kind ? last : null;
  if (!open) {
    const face = hit.normal ? { point: hit.point, normal: hit.normal } : undefined;
    return [...all, { id: action.id, kind, points: [hit.point], face, done: false }];
  }
  const point =
    open.kind === 'area' && open.face
      ? projectOnPlane(hit.point, open.face.point, open.face.normal)
      : hit.point;
  return [...all.slice(0, -1), { ...open, points: [...open.points, point], done: open.kind === 'distance' }];
}

function mapPlane(
  state: BimToolsModelState,
  id: string,
  change: (plane: PlacedPlane) => PlacedPlane | null,
): BimToolsModelState {
  const planes = state.planes.flatMap((p) => (p.base.id === id ? (change(p) ?? []) : [p]));
  return { ...state, planes };
}

export function bimToolsReducer(state: BimToolsModelState, action: BimToolsAction): BimToolsModelState {
  switch (action.type) {
    case 'togglePanel':
      return { ...state, panel: state.panel === action.panel ? null : action.panel, picking: null };
    case 'closePanel':
      return { ...state, panel: null, picking: null };
    case 'togglePicking':
      return { ...state, picking: state.picking === action.tool ? null : action.tool };
    case 'sectionPicked': {
      // The plane keeps what lies behind the clicked face, seen from the camera; move it to cut deeper.
      const [x, y, z] = action.face.normal;
      const base = { id: action.id, point: action.face.point, normal: [-x, -y, -z] as Vec3 };
      return { ...state, planes: [...state.planes, { base, offset: 0 }], picking: null };
    }
    case 'flipPlane':
      return mapPlane(state, action.id, (p) => ({ base: flipPlane(p.base), offset: -p.offset }));
    case 'movePlane':
      return mapPlane(state, action.id, (p) => ({ ...p, offset: action.offset }));
    case 'deletePlane':
      return mapPlane(state, action.id, () => null);
    case 'setBox':
      return { ...state, box: action.box };
    case 'restoreSections':
      return { ...state, box: [], planes: action.planes.map((base) => ({ base, offset: 0 })) };
    case 'toggleClass': {
      const hiddenClasses = new Set(state.hiddenClasses);
      if (hiddenClasses.has(action.cls)) hiddenClasses.delete(action.cls);
      else hiddenClasses.add(action.cls);
      return { ...state, hiddenClasses };
    }
    case 'showAllClasses':
      return { ...state, hiddenClasses: new Set() };
    case 'ghost':
      return { ...state, ghost: action.on };
    case 'startMeasure':
      // An unfinished measurement is dropped; the same kind's button again stops measuring.
      return {
        ...state,
        measurements: state.measurements.filter((m) => m.done),
        picking: state.picking === action.kind ? null : action.kind,
      };
    case 'measurePoint':
      return { ...state, measurements: withPoint(state.measurements, action) };
    case 'finishArea': {
      const open = openMeasurement(state);
      if (open?.kind !== 'area' || open.points.length < 3) return state;
      return {
        ...state,
        measurements: state.measurements.map((m) => (m === open ? { ...m, done: true } : m)),
      };
    }
    case 'deleteMeasurement':
      return { ...state, measurements: state.measurements.filter((m) => m.id !== action.id) };
    case 'planOpened':
      return { ...state, walking: false, plan: action.key };
    case 'planClosed':
      return { ...state, plan: null };
    case 'walking':
      return action.on
        ? { ...state, plan: null, picking: null, walking: true }
        : { ...state, walking: false };
    case 'modelSize':
      return { ...state, modelSize: action.size };
    case 'engineGone':
      return { ...state, plan: null, walking: false };
  }
}

/** The cuts: the placed planes (moved by their offsets) and the section box. */
export function effectiveSections(state: Pick<BimToolsModelState, 'planes' | 'box'>): SectionPlane[] {
  return [...state.planes.map((p) => offsetPlane(p.base, p.offset)), ...state.box];
}

/** The measurement still taking points, if any. */
export function openMeasurement(state: Pick<BimToolsModelState, 'measurements'>): Measurement | undefined {
  return state.measurements.find((m) => !m.done);
}

/** The key of a storey's plan view. */
export function planKey(storey: { modelId: string; node: { id: number } }): string {
  return `${storey.modelId}:${storey.node.id}`;
}

/** The label of a measurement: its length, or the area of its polygon (null while it has too few points). */
export function measurementValue(m: Measurement, locale: string): string | null {
  if (m.kind === 'distance')
    return m.points.length === 2 && m.points[0] && m.points[1]
      ? formatMeasure(distanceBetween(m.points[0], m.points[1]), 'length', locale)
      : null;
  return m.points.length >= 3 ? formatMeasure(polygonArea(m.points), 'area', locale) : null;
}
