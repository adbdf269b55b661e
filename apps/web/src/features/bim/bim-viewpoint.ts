import type { BcfPoint, BcfViewpoint } from '@obra/domain';
import type { ViewerCamera } from './bim-viewer-engine.ts';
import { bcfClippingPlanesOf, sectionPlanesOfBcf, type SectionPlane } from './tools/section-math.ts';
import { add, fromBcf, length, scale, sub, toBcf, type Vec3 as Vec } from './vec3.ts';

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
  /** The same point in IFC world coordinates (Z up; pins written since the viewer is georeferenced). */
  world?: BcfPoint | undefined;
}

/**
 * The coordination offset of the viewer's world (docs/bim.md "Georeferencing"): the conversion moves a model to
 * the origin (web-ifc COORDINATE_TO_ORIGIN), and the fragments keep the translation it applied, in the viewer's
 * Y-up axes (`FragmentsModel.getCoordinates()`; with several models, the first one's, as the fragments align the
 * others on it). A point of the viewer is this much away from the same point in IFC world coordinates (Y-up).
 */
export type Coordination = Vec;

/** The BCF / IFC world point (Z-up) of a point of the viewer. */
export function worldOfViewer(point: Vec, coordination: Coordination = [0, 0, 0]): BcfPoint {
  return toBcf(sub(point, coordination));
}

/** The viewer's point of a BCF / IFC world point (Z-up). */
export function viewerOfWorld(point: BcfPoint, coordination: Coordination = [0, 0, 0]): Vec {
  return add(fromBcf(point), coordination);
}

/** What a viewpoint shows: every component but the exceptions, or only the exceptions (BCF visibility). */
export interface ViewVisibility {
  defaultVisibility: boolean;
  exceptions: string[];
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
  /** Hidden or isolated components (absent: every component visible). */
  visibility?: ViewVisibility | undefined;
  /** The viewer world's offset: the camera is written in IFC world coordinates. */
  coordination?: Coordination | undefined;
}): BcfViewpoint {
  const direction = sub(input.camera.target, input.camera.position);
  const visibility = input.visibility ?? { defaultVisibility: true, exceptions: [] };
  const norm = length(direction) || 1;
  return {
    guid: input.guid,
    index: 0,
    visualization: {
      guid: input.guid,
      camera: {
        kind: 'perspective',
        viewPoint: worldOfViewer(input.camera.position, input.coordination),
        direction: toBcf(scale(direction, 1 / norm)),
        upVector: { x: 0, y: 0, z: 1 },
        fieldOfView: input.fieldOfView,
        aspectRatio: input.aspectRatio,
      },
      components: {
        selection: input.selectedGuids.map((ifcGuid) => ({ ifcGuid })),
        visibility: {
          defaultVisibility: visibility.defaultVisibility,
          exceptions: visibility.exceptions.map((ifcGuid) => ({ ifcGuid })),
        },
        coloring: [],
      },
      lines: [],
      // In IFC world coordinates, like the camera: each plane's point is moved by the coordination offset.
      clippingPlanes: bcfClippingPlanesOf(
        (input.clippingPlanes ?? []).map((plane) => ({
          ...plane,
          point: sub(plane.point, input.coordination ?? [0, 0, 0]),
        })),
      ),
      bitmaps: [],
    },
  };
}

/**
 * The section planes of a BCF viewpoint, in the viewer's coordinates: its clipping planes are read in IFC world
 * coordinates and moved by the viewer world's `coordination` offset, as the camera is.
 */
export function clippingPlanesOfViewpoint(
  viewpoint: BcfViewpoint,
  coordination: Coordination = [0, 0, 0],
): SectionPlane[] {
  return sectionPlanesOfBcf(viewpoint.visualization?.clippingPlanes).map((plane) => ({
    ...plane,
    point: add(plane.point, coordination),
  }));
}

function guidsOf(components: { ifcGuid?: string | undefined }[] | undefined): string[] {
  return (components ?? []).map((c) => c.ifcGuid).filter((g): g is string => typeof g === 'string');
}

/** The visibility of a BCF viewpoint; null when it shows every component (nothing to apply). */
export function visibilityOfViewpoint(viewpoint: BcfViewpoint): ViewVisibility | null {
  const visibility = viewpoint.visualization?.components?.visibility;
  if (!visibility) return null;
  const exceptions = guidsOf(visibility.exceptions);
  if (visibility.defaultVisibility !== false && exceptions.length === 0) return null;
  return { defaultVisibility: visibility.defaultVisibility !== false, exceptions };
}

/**
 * The viewer camera and selection of a BCF viewpoint. BCF has no orbit target: it is put along the view
 * direction at the distance of `focus` (the pin, viewer coordinates) when given, else 10 m ahead. The camera is
 * read in IFC world coordinates and moved by the viewer world's `coordination` offset.
 */
export function cameraOfViewpoint(
  viewpoint: BcfViewpoint,
  focus?: { x: number; y: number; z: number },
  coordination?: Coordination,
): { camera: ViewerCamera | null; selectedGuids: string[] } {
  const camera = viewpoint.visualization?.camera;
  const selectedGuids = guidsOf(viewpoint.visualization?.components?.selection);
  if (!camera) return { camera: null, selectedGuids };
  const position = viewerOfWorld(camera.viewPoint, coordination);
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

/**
 * A BIM plugin's viewpoint as an issue stores it (the plugin session overlay, docs/plugins.md): a BCF viewpoint
 * like an imported topic's (`source: "bcf"`, its snapshot the issue image's file), so that the BCF-API and BCF
 * exports give it back to the plugin and other BCF tools.
 */
export function storedPluginViewpoint(viewpoint: BcfViewpoint, snapshotFileId: string | null) {
  return {
    source: 'bcf' as const,
    guid: viewpoint.guid,
    index: viewpoint.index ?? 0,
    snapshot: snapshotFileId,
    visualization: viewpoint.visualization ?? null,
  };
}

/**
 * The location of an issue raised at a plugin's viewpoint with no element clicked: where the plugin's camera looks
 * from, as an imported BCF topic's (Obra issues need a location; the issue opens its viewpoint on a model).
 */
export function pluginViewpointLocation(viewpoint: BcfViewpoint) {
  const camera = viewpoint.visualization?.camera;
  return {
    source: 'plugin' as const,
    viewpointGuid: viewpoint.guid,
    position: camera ? camera.viewPoint : null,
    direction: camera ? camera.direction : null,
  };
}
