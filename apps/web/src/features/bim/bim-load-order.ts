// Nearest first (docs/bim.md "Loading: nearest first"): the order in which the viewer loads the models of a
// federated model, from the opening camera and the bounds the conversion recorded for each model revision.
// Plain vector math (no three.js): the viewer's page orders its downloads before the 3D engine's code arrives.
import type { BcfViewpoint } from '@obra/domain';
import type { ViewerCamera } from './bim-viewer-engine.ts';
import { cameraOfViewpoint, viewerOfWorld } from './bim-viewpoint.ts';
import { add, cross, dot, length, normalize, scale, sub, type Vec3 as Vec } from './vec3.ts';

/** A model's bounds as the server answers them (bim-convert.ts BimBounds). */
export interface BimBounds {
  /** Its elements' box in IFC world coordinates (Z up, metres, as BCF). */
  min: [number, number, number];
  max: [number, number, number];
  /** The translation the conversion applied to the model (viewer axes, Y up): the viewer world's offset when
   * this model is the first one loaded (docs/bim.md "Georeferencing"). */
  coordination: [number, number, number];
}

/** A box in the viewer's axes (Y up). */
export interface ViewerBox {
  min: Vec;
  max: Vec;
}

/** A perspective camera in the viewer's axes: where it is, what it looks at, its vertical field of view
 * (degrees) and aspect ratio. */
export interface OpeningCamera {
  position: Vec;
  target: Vec;
  fov: number;
  aspect: number;
}

/** The viewer's field of view (BimViewerEngine's camera). */
export const VIEWER_FOV = 50;

/**
 * A model's box in the viewer's axes (Y up): IFC world (x, y, z) Z up is the viewer's (x, z, -y), plus the
 * viewer world's coordination offset (zero: the IFC world itself, in Y-up axes).
 */
export function viewerBoxOf(bounds: BimBounds, coordination: Vec = [0, 0, 0]): ViewerBox {
  const [x0, y0, z0] = bounds.min;
  const [x1, y1, z1] = bounds.max;
  // The two corners that stay lowest and highest on every viewer axis once Y and Z swap (the IFC y turns to -z).
  return {
    min: viewerOfWorld({ x: x0, y: y1, z: z0 }, coordination),
    max: viewerOfWorld({ x: x1, y: y0, z: z1 }, coordination),
  };
}

/** The box around some boxes (null for none). */
export function unionOf(boxes: ViewerBox[]): ViewerBox | null {
  if (boxes.length === 0) return null;
  const min: Vec = [Infinity, Infinity, Infinity];
  const max: Vec = [-Infinity, -Infinity, -Infinity];
  for (const box of boxes)
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i]!, box.min[i]!);
      max[i] = Math.max(max[i]!, box.max[i]!);
    }
  return { min, max };
}

/**
 * The camera that frames a box as the viewer's "fit" does (BimViewerEngine.frameBox): from the box's centre,
 * along (1, 0.8, 1), far enough for its bounding sphere to fit the vertical field of view.
 */
export function fittedCamera(box: ViewerBox, fov = VIEWER_FOV, aspect = 1.6): OpeningCamera {
  const center = centerOf(box);
  const radius = length(sub(box.max, box.min)) / 2;
  const distance = radius / Math.sin(((fov / 2) * Math.PI) / 180);
  const direction = normalize([1, 0.8, 1]);
  return { position: add(center, scale(direction, distance)), target: center, fov, aspect };
}

/** The distance from a point to a box (0 inside it). */
export function distanceToBox(point: Vec, box: ViewerBox): number {
  let sum = 0;
  for (let i = 0; i < 3; i++) {
    const d = Math.max(box.min[i]! - point[i]!, 0, point[i]! - box.max[i]!);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/**
 * Whether a box is (at least partly) inside the camera's view: not wholly behind one of the view pyramid's
 * planes (the four sides and the camera's own plane; no far plane). As three.js' Frustum.intersectsBox, it may
 * count a box just outside a corner of the view as in it, never the reverse.
 */
export function inView(camera: OpeningCamera, box: ViewerBox): boolean {
  const forward = normalize(sub(camera.target, camera.position));
  // The camera's right and up (the viewer's cameras keep Y up; looking straight up or down, any right will do).
  let right = cross(forward, [0, 1, 0]);
  if (length(right) < 1e-6) right = [1, 0, 0];
  right = normalize(right);
  const up = cross(right, forward);
  const tanV = Math.tan(((camera.fov / 2) * Math.PI) / 180);
  const tanH = tanV * camera.aspect;
  const normals: Vec[] = [
    forward,
    sub(scale(forward, tanH), right),
    add(scale(forward, tanH), right),
    sub(scale(forward, tanV), up),
    add(scale(forward, tanV), up),
  ];
  return normals.every((n) => {
    // The box's corner farthest along the plane's inward normal: the box is outside when even it is behind.
    const corner: Vec = [0, 1, 2].map((i) => (n[i]! >= 0 ? box.max[i]! : box.min[i]!)) as Vec;
    return dot(sub(corner, camera.position), n) >= 0;
  });
}

/**
 * The order in which to load models, nearest the opening camera first: those in its view by the distance from
 * the camera to their box, then those out of view the same way, then those whose bounds are unknown, in their
 * given order. Boxes around the camera (distance 0: a duct run inside the building, a room inside the site)
 * go smallest first: the camera is nearer, on the whole, to the elements of the box that fits it closer. `boxOf` gives each model's box in the
 * camera's frame (null when unknown).
 */
export function nearestFirst<T>(
  items: readonly T[],
  boxOf: (item: T) => ViewerBox | null,
  camera: OpeningCamera,
): T[] {
  const ranked = items.map((item, index) => {
    const box = boxOf(item);
    return box
      ? {
          item,
          index,
          group: inView(camera, box) ? 0 : 1,
          distance: distanceToBox(camera.position, box),
          size: length(sub(box.max, box.min)),
        }
      : { item, index, group: 2, distance: 0, size: 0 };
  });
  ranked.sort((a, b) => a.group - b.group || a.distance - b.distance || a.size - b.size || a.index - b.index);
  return ranked.map((r) => r.item);
}

/** Adds an offset to a camera's points (from the IFC world's frame to the viewer world's). */
export function movedCamera<C extends { position: Vec; target: Vec }>(camera: C, offset: Vec): C {
  return { ...camera, position: add(camera.position, offset), target: add(camera.target, offset) };
}

function centerOf(box: ViewerBox): Vec {
  return scale(add(box.min, box.max), 0.5);
}

/** The viewpoint a viewer opens at: an issue's (?issue=, with its pin's world point) or a saved view's (?view=). */
export interface OpeningViewpoint {
  viewpoint: BcfViewpoint;
  focus?: { x: number; y: number; z: number } | undefined;
  /** The saved view's viewpoint, restored once the models are open (an issue's is restored by its own effect). */
  view?: BcfViewpoint;
}

/**
 * The order in which to load the models and the opening camera (docs/bim.md "Loading: nearest first"): the
 * viewpoint's camera when one opens, else the view framing the union of the models' recorded bounds; the
 * models in that camera's view nearest first (bim-load-order.ts). `box` and `camera` are in the viewer world's
 * coordinates (the first model's), null when the first model's bounds are unknown.
 */
export function loadingPlan<S extends { bounds?: BimBounds | null | undefined }>(
  sources: readonly S[],
  opening: OpeningViewpoint | null,
  aspect: number,
): { order: S[]; box: ViewerBox | null; camera: ViewerCamera | null } {
  const boxes = sources.flatMap((s) => (s.bounds ? [viewerBoxOf(s.bounds)] : []));
  const union = unionOf(boxes);
  if (!union) return { order: [...sources], box: null, camera: null };
  const viewpointCamera = opening
    ? cameraOfViewpoint(opening.viewpoint, opening.focus, [0, 0, 0]).camera
    : null;
  const lens = opening?.viewpoint.visualization?.camera;
  const camera: OpeningCamera = viewpointCamera
    ? {
        ...viewpointCamera,
        fov: lens?.fieldOfView ?? VIEWER_FOV,
        aspect: aspect || 1.6,
      }
    : fittedCamera(union, VIEWER_FOV, aspect || 1.6);
  const order = nearestFirst(sources, (s) => (s.bounds ? viewerBoxOf(s.bounds) : null), camera);
  // The viewer world is the first loaded model's (docs/bim.md "Georeferencing"): its translation moves the box
  // and the camera there.
  const offset = order[0]?.bounds?.coordination;
  if (!offset) return { order, box: null, camera: null };
  const box = movedCamera({ position: union.min, target: union.max }, offset);
  return {
    order,
    box: { min: box.position, max: box.target },
    camera: viewpointCamera ? movedCamera(viewpointCamera, offset) : null,
  };
}
