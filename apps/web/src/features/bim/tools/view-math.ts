import type { Vec3 } from './section-math.ts';

/** How high above a storey's floor its plan is cut (metres), as drawings do by convention. */
export const PLAN_CUT_HEIGHT = 1.2;

/**
 * The plan view of a storey from the box of its elements: the height of the cut (the floor, by default the bottom
 * of the box, plus the cut height, never above the top of the storey's box), and a top-down orthographic camera over the box centre framing its
 * X and Z extent in a view of the given aspect ratio (with a 5% margin).
 */
export function planViewOf(
  box: { min: Vec3; max: Vec3 },
  aspect: number,
  floor: number = box.min[1],
): {
  cutY: number;
  position: Vec3;
  target: Vec3;
  halfWidth: number;
  halfHeight: number;
  near: number;
  far: number;
} {
  const cutY = Math.min(floor + PLAN_CUT_HEIGHT, box.max[1]);
  const cx = (box.min[0] + box.max[0]) / 2;
  const cz = (box.min[2] + box.max[2]) / 2;
  const sx = Math.max(box.max[0] - box.min[0], 0.5) * 0.55;
  const sz = Math.max(box.max[2] - box.min[2], 0.5) * 0.55;
  const ratio = aspect > 0 ? aspect : 1;
  // The view must hold both extents: widen whichever side the aspect ratio leaves short.
  const halfWidth = Math.max(sx, sz * ratio);
  const halfHeight = halfWidth / ratio;
  const height = cutY + 10;
  return {
    cutY,
    position: [cx, height, cz],
    target: [cx, floor, cz],
    halfWidth,
    halfHeight,
    near: 0.01,
    far: height - box.min[1] + 100,
  };
}

/** The first-person keys that are held, turned into a step in the camera's frame. */
export interface WalkKeys {
  forward: boolean;
  back: boolean;
  left: boolean;
  right: boolean;
  up: boolean;
  down: boolean;
}

/**
 * One first-person step: the move (metres) for the held keys, walking level along the heading `yaw` (radians,
 * 0 looks along -Z, as three.js cameras do) whatever the pitch, rising or sinking on up/down.
 */
export function walkStep(keys: WalkKeys, yaw: number, distance: number): Vec3 {
  const forward: Vec3 = [-Math.sin(yaw), 0, -Math.cos(yaw)];
  const right: Vec3 = [Math.cos(yaw), 0, -Math.sin(yaw)];
  const f = (keys.forward ? 1 : 0) - (keys.back ? 1 : 0);
  const r = (keys.right ? 1 : 0) - (keys.left ? 1 : 0);
  const u = (keys.up ? 1 : 0) - (keys.down ? 1 : 0);
  const planar = Math.hypot(f, r) || 1;
  return [
    ((forward[0] * f + right[0] * r) / planar) * distance,
    u * distance,
    ((forward[2] * f + right[2] * r) / planar) * distance,
  ];
}

/** The view direction of a yaw and pitch (radians; pitch clamped just short of straight up or down). */
export function lookDirection(yaw: number, pitch: number): Vec3 {
  const p = Math.max(-1.5, Math.min(1.5, pitch));
  return [-Math.sin(yaw) * Math.cos(p), Math.sin(p), -Math.cos(yaw) * Math.cos(p)];
}

/** The yaw and pitch of a view direction (the inverse of lookDirection). */
export function yawPitchOf(direction: Vec3): { yaw: number; pitch: number } {
  const n = Math.hypot(direction[0], direction[1], direction[2]) || 1;
  const [x, y, z] = [direction[0] / n, direction[1] / n, direction[2] / n];
  return { yaw: Math.atan2(-x, -z), pitch: Math.asin(Math.max(-1, Math.min(1, y))) };
}

/** The IFC classes of a spatial tree's elements (spatial structure left out) with their local ids. */
export function classesOf<T extends { id: number; cls: string; spatial: boolean; children: T[] }>(
  root: T,
): Map<string, number[]> {
  const result = new Map<string, number[]>();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as T;
    if (!node.spatial) {
      const ids = result.get(node.cls) ?? [];
      ids.push(node.id);
      result.set(node.cls, ids);
    }
    stack.push(...node.children);
  }
  return new Map([...result.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** The storeys of a spatial tree, top-down order as in the tree. */
export function storeysOf<T extends { id: number; cls: string; name: string | null; children: T[] }>(
  root: T,
): T[] {
  const result: T[] = [];
  const visit = (node: T) => {
    if (node.cls.toUpperCase() === 'IFCBUILDINGSTOREY') result.push(node);
    node.children.forEach(visit);
  };
  visit(root);
  return result;
}
