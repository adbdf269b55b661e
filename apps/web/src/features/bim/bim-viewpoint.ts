import type { BcfPoint, BcfViewpoint } from '@obra/domain';
import type { ViewerCamera } from './bim-viewer-engine.ts';
import { bcfClippingPlanesOf, sectionPlanesOfBcf, type SectionPlane } from './tools/section-math.ts';

/**
 * The 3D pin of an issue (issue `bimPins` JSON): the model revision, the element (IFC GUID and its local id in the
 * fragments) and the clicked point, in the viewer's coordinates.
 */
export interface BimPin {
  fileId: number;
  documentId: number;
  guid: string;
  localId: number;
  point: { x: number; y: number; z: number };
}

type Vec = [number, number, number];

// The viewer is Y-up (fragments), IFC and BCF are Z-up: BCF (x, y, z) is the viewer's (x, -z, y).
function toBcf([x, y, z]: Vec): BcfPoint {
  return { x, y: -z, z: y };
}

function fromBcf(p: BcfPoint): Vec {
  return [p.x, p.z, -p.y];
}

function sub(a: Vec, b: Vec): Vec {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function length(a: Vec): number {
  return Math.hypot(a[0], a[1], a[2]);
}

function scale(a: Vec, s: number): Vec {
  return [a[0] * s, a[1] * s, a[2] * s];
}

function add(a: Vec, b: Vec): Vec {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

/**
 * A BCF viewpoint (the model modules/bcf stores and exports: packages/domain bcf-model.ts) of the viewer's
 * camera and selection: a perspective camera (position, view direction, up, field of view) and the selected
 * components by IFC GUID, every other component visible.
 */
export function viewpointOf(input: {
  guid: string;
  camera: ViewerCamera;
  fieldOfView: number;
  aspectRatio: number;
  selectedGuids: string[];
  /** The section planes and box of the view (tools/section-math.ts), kept as BCF clipping planes. */
  clippingPlanes?: readonly SectionPlane[];
}): BcfViewpoint {
  const direction = sub(input.camera.target, input.camera.position);
  const norm = length(direction) || 1;
  return {
    guid: input.guid,
    index: 0,
    visualization: {
      guid: input.guid,
      camera: {
        kind: 'perspective',
        viewPoint: toBcf(input.camera.position),
        direction: toBcf(scale(direction, 1 / norm)),
        upVector: { x: 0, y: 0, z: 1 },
        fieldOfView: input.fieldOfView,
        aspectRatio: input.aspectRatio,
      },
      components: {
        selection: input.selectedGuids.map((ifcGuid) => ({ ifcGuid })),
        visibility: { defaultVisibility: true, exceptions: [] },
        coloring: [],
      },
      lines: [],
      clippingPlanes: bcfClippingPlanesOf(input.clippingPlanes ?? []),
      bitmaps: [],
    },
  };
}

/** The section planes of a BCF viewpoint (its clipping planes, in the viewer's coordinates). */
export function clippingPlanesOfViewpoint(viewpoint: BcfViewpoint): SectionPlane[] {
  return sectionPlanesOfBcf(viewpoint.visualization?.clippingPlanes);
}

/**
 * The viewer camera and selection of a BCF viewpoint. BCF has no orbit target: it is put along the view
 * direction at the distance of `focus` (the pin) when given, else 10 m ahead.
 */
export function cameraOfViewpoint(
  viewpoint: BcfViewpoint,
  focus?: { x: number; y: number; z: number },
): { camera: ViewerCamera | null; selectedGuids: string[] } {
  const camera = viewpoint.visualization?.camera;
  const selectedGuids = (viewpoint.visualization?.components?.selection ?? [])
    .map((c) => c.ifcGuid)
    .filter((g): g is string => typeof g === 'string');
  if (!camera) return { camera: null, selectedGuids };
  const position = fromBcf(camera.viewPoint);
  const direction = fromBcf(camera.direction);
  const norm = length(direction) || 1;
  const distance = focus ? length(sub([focus.x, focus.y, focus.z], position)) || 10 : 10;
  return {
    camera: { position, target: add(position, scale(direction, distance / norm)) },
    selectedGuids,
  };
}

/** Reads the pins of an issue's bimPins JSON (anything malformed is left out). */
export function parseBimPins(value: unknown): BimPin[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (p): p is BimPin =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as BimPin).fileId === 'number' &&
      typeof (p as BimPin).guid === 'string' &&
      typeof (p as BimPin).point?.x === 'number',
  );
}
