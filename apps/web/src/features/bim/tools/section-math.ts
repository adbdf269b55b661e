import type { BcfPoint } from '@obra/domain';

import { dot, fromBcf, normalize, toBcf, type Vec3 } from '../vec3.ts';

export { dot, normalize, type Vec3 };

/**
 * A section plane of the viewer: a point on the plane and its unit normal, in the viewer's coordinates. The
 * normal points to the side that stays visible; what lies behind it is cut away (three.js clipping semantics).
 */
export interface SectionPlane {
  id: string;
  point: Vec3;
  normal: Vec3;
}

/** A BCF clipping plane: the direction points to the side that is cut away (BCF 2.1 and 3.0). */
export interface BcfClippingPlane {
  location: BcfPoint;
  direction: BcfPoint;
}

function finite(p: BcfPoint | undefined): p is BcfPoint {
  return !!p && [p.x, p.y, p.z].every((v) => typeof v === 'number' && Number.isFinite(v));
}

/** The clipping planes of a BCF viewpoint for the viewer's section planes (the normal flipped: BCF's cut side). */
export function bcfClippingPlanesOf(planes: readonly SectionPlane[]): BcfClippingPlane[] {
  return planes.map((plane) => {
    const n = normalize(plane.normal);
    return { location: toBcf(plane.point), direction: toBcf([-n[0], -n[1], -n[2]]) };
  });
}

/** The viewer's section planes of a BCF viewpoint's clipping planes (malformed or zero-length ones are left out). */
export function sectionPlanesOfBcf(planes: readonly BcfClippingPlane[] | undefined): SectionPlane[] {
  const result: SectionPlane[] = [];
  (planes ?? []).forEach((plane, index) => {
    if (!finite(plane?.location) || !finite(plane.direction)) return;
    const d = normalize(fromBcf(plane.direction));
    if (d[0] === 0 && d[1] === 0 && d[2] === 0) return;
    result.push({ id: `bcf-${index}`, point: fromBcf(plane.location), normal: [-d[0], -d[1], -d[2]] });
  });
  return result;
}

/** The plane turned around: the other side is cut away. */
export function flipPlane(plane: SectionPlane): SectionPlane {
  const [x, y, z] = plane.normal;
  return { ...plane, normal: [-x, -y, -z] };
}

/** The plane moved along its normal by `offset` metres (positive: towards the kept side). */
export function offsetPlane(plane: SectionPlane, offset: number): SectionPlane {
  const n = normalize(plane.normal);
  return {
    ...plane,
    point: [plane.point[0] + n[0] * offset, plane.point[1] + n[1] * offset, plane.point[2] + n[2] * offset],
  };
}

/** How far the plane has moved along its normal from a point (signed, metres). */
export function planeOffsetFrom(plane: SectionPlane, origin: Vec3): number {
  const n = normalize(plane.normal);
  return dot(n, [plane.point[0] - origin[0], plane.point[1] - origin[1], plane.point[2] - origin[2]]);
}

/** True when the plane keeps the point (on the plane or on its normal's side). */
export function keeps(plane: SectionPlane, p: Vec3): boolean {
  return (
    dot(normalize(plane.normal), [p[0] - plane.point[0], p[1] - plane.point[1], p[2] - plane.point[2]]) >=
    -1e-9
  );
}

/**
 * The six planes of a section box around an axis-aligned box (normals inwards: only what is inside stays),
 * grown by `margin` metres on every side.
 */
export function sectionBoxPlanes(box: { min: Vec3; max: Vec3 }, margin = 0): SectionPlane[] {
  const min = box.min.map((v) => v - margin) as Vec3;
  const max = box.max.map((v) => v + margin) as Vec3;
  return [
    { id: 'box-x-min', point: [min[0], 0, 0], normal: [1, 0, 0] },
    { id: 'box-x-max', point: [max[0], 0, 0], normal: [-1, 0, 0] },
    { id: 'box-y-min', point: [0, min[1], 0], normal: [0, 1, 0] },
    { id: 'box-y-max', point: [0, max[1], 0], normal: [0, -1, 0] },
    { id: 'box-z-min', point: [0, 0, min[2]], normal: [0, 0, 1] },
    { id: 'box-z-max', point: [0, 0, max[2]], normal: [0, 0, -1] },
  ];
}
