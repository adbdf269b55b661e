import { describe, expect, it } from 'vitest';
import type { BimTreeNode } from '../bim-api.ts';
import {
  distanceBetween,
  formatMeasure,
  polygonArea,
  polygonPerimeter,
  projectOnPlane,
} from './measure-math.ts';
import {
  bcfClippingPlanesOf,
  flipPlane,
  keeps,
  offsetPlane,
  planeOffsetFrom,
  sectionBoxPlanes,
  sectionPlanesOfBcf,
  type Vec3,
} from './section-math.ts';
import { classesOf, lookDirection, planViewOf, storeysOf, walkStep, yawPitchOf } from './view-math.ts';

const close = (a: readonly number[], b: readonly number[]) =>
  a.forEach((v, i) => expect(v).toBeCloseTo(b[i] ?? NaN, 9));

describe('section planes', () => {
  it('write BCF clipping planes Z-up with the direction towards the cut side, and read them back', () => {
    // A horizontal cut at 3 m keeping what is below (normal down, viewer Y-up).
    const plane = { id: 'p', point: [1, 3, -2] as Vec3, normal: [0, -1, 0] as Vec3 };
    const [bcf] = bcfClippingPlanesOf([plane]);
    expect(bcf).toEqual({ location: { x: 1, y: 2, z: 3 }, direction: { x: 0, y: 0, z: 1 } });
    const [back] = sectionPlanesOfBcf(bcf ? [bcf] : []);
    close(back?.point ?? [], plane.point);
    close(back?.normal ?? [], plane.normal);
    // A slanted plane survives the round trip too, with its normal made unit.
    const slanted = { id: 's', point: [0.5, -1, 4] as Vec3, normal: [3, 0, 4] as Vec3 };
    const [again] = sectionPlanesOfBcf(bcfClippingPlanesOf([slanted]));
    close(again?.normal ?? [], [0.6, 0, 0.8]);
    close(again?.point ?? [], slanted.point);
  });

  it('leave malformed BCF planes out', () => {
    expect(
      sectionPlanesOfBcf([
        { location: { x: 0, y: 0, z: 0 }, direction: { x: 0, y: 0, z: 0 } },
        { location: { x: Number.NaN, y: 0, z: 0 }, direction: { x: 1, y: 0, z: 0 } },
      ]),
    ).toEqual([]);
    expect(sectionPlanesOfBcf(undefined)).toEqual([]);
  });

  it('flip, move along the normal and keep the side the normal points to', () => {
    const plane = { id: 'p', point: [0, 2, 0] as Vec3, normal: [0, 1, 0] as Vec3 };
    expect(keeps(plane, [5, 3, 5])).toBe(true);
    expect(keeps(plane, [5, 1, 5])).toBe(false);
    expect(keeps(flipPlane(plane), [5, 1, 5])).toBe(true);
    const moved = offsetPlane(plane, 0.5);
    close(moved.point, [0, 2.5, 0]);
    expect(planeOffsetFrom(moved, plane.point)).toBeCloseTo(0.5, 9);
  });

  it('make a section box whose six planes keep only the inside (with its margin)', () => {
    const planes = sectionBoxPlanes({ min: [0, 0, 0], max: [10, 3, 5] }, 0.5);
    expect(planes).toHaveLength(6);
    const inside = (p: Vec3) => planes.every((plane) => keeps(plane, p));
    expect(inside([5, 1.5, 2.5])).toBe(true);
    expect(inside([10.4, 3.4, 5.4])).toBe(true);
    expect(inside([10.6, 1, 1])).toBe(false);
    expect(inside([5, -0.6, 1])).toBe(false);
    expect(inside([5, 1, 5.6])).toBe(false);
  });
});

describe('measurement', () => {
  it('measures distances and polygon areas in any orientation', () => {
    expect(distanceBetween([0, 0, 0], [3, 4, 12])).toBeCloseTo(13, 9);
    // A 4 x 2.5 m rectangle on the floor, and the same one standing on a slanted wall.
    const floor: Vec3[] = [
      [0, 0, 0],
      [4, 0, 0],
      [4, 0, 2.5],
      [0, 0, 2.5],
    ];
    expect(polygonArea(floor)).toBeCloseTo(10, 9);
    expect(polygonPerimeter(floor)).toBeCloseTo(13, 9);
    const c = Math.cos(0.7);
    const s = Math.sin(0.7);
    const turned = floor.map(([x, , z]) => [x, z * s, z * c] as Vec3);
    expect(polygonArea(turned)).toBeCloseTo(10, 9);
    // An L shape (concave): 3 x 3 minus 2 x 2.
    const l: Vec3[] = [
      [0, 0, 0],
      [3, 0, 0],
      [3, 1, 0],
      [1, 1, 0],
      [1, 3, 0],
      [0, 3, 0],
    ];
    expect(polygonArea(l)).toBeCloseTo(5, 9);
    expect(polygonArea(l.slice(0, 2))).toBe(0);
  });

  it('projects picks on the face plane and formats labels in metres', () => {
    close(projectOnPlane([1, 2, 3], [0, 0, 0], [0, 1, 0]), [1, 0, 3]);
    expect(formatMeasure(3.4567, 'length', 'en')).toBe('3.457 m');
    expect(formatMeasure(0.25, 'length', 'en')).toBe('250 mm');
    expect(formatMeasure(12.5, 'area', 'pt-BR')).toBe('12,50 m²');
  });
});

describe('plan views and first-person navigation', () => {
  it('cuts a storey 1.2 m above its floor and frames it from above', () => {
    const view = planViewOf({ min: [0, 3, 0], max: [20, 6, 10] }, 2);
    expect(view.cutY).toBeCloseTo(4.2, 9);
    expect(view.position[1]).toBeGreaterThan(view.cutY);
    close([view.position[0], view.position[2]], [10, 5]);
    close([view.target[0], view.target[2]], [10, 5]);
    expect(view.halfWidth).toBeGreaterThanOrEqual(10);
    expect(view.halfHeight).toBeGreaterThanOrEqual(5);
    expect(view.halfWidth / view.halfHeight).toBeCloseTo(2, 9);
    // A low storey is cut at its top.
    expect(planViewOf({ min: [0, 0, 0], max: [1, 0.8, 1] }, 1).cutY).toBeCloseTo(0.8, 9);
    // The floor given (the walls' bottom, above the footings): cut 1.2 m above it.
    expect(planViewOf({ min: [0, -1.5, 0], max: [10, 6, 10] }, 1, 0).cutY).toBeCloseTo(1.2, 9);
  });

  it('walks level along the heading and turns direction into yaw and pitch and back', () => {
    const none = { forward: false, back: false, left: false, right: false, up: false, down: false };
    close(walkStep({ ...none, forward: true }, 0, 2), [0, 0, -2]);
    close(walkStep({ ...none, right: true }, 0, 2), [2, 0, 0]);
    close(walkStep({ ...none, forward: true }, Math.PI / 2, 1), [-1, 0, 0]);
    const diagonal = walkStep({ ...none, forward: true, right: true, up: true }, 0, 1);
    expect(Math.hypot(diagonal[0], diagonal[2])).toBeCloseTo(1, 9);
    expect(diagonal[1]).toBe(1);
    const { yaw, pitch } = yawPitchOf([1, 1, -1]);
    close(lookDirection(yaw, pitch), [1 / Math.sqrt(3), 1 / Math.sqrt(3), -1 / Math.sqrt(3)]);
  });

  it('lists element classes with their ids and the storeys of a tree', () => {
    const leaf = (id: number, cls: string): BimTreeNode => ({
      id,
      cls,
      guid: null,
      name: null,
      spatial: false,
      children: [],
    });
    const tree: BimTreeNode = {
      id: 1,
      cls: 'IfcProject',
      guid: null,
      name: 'P',
      spatial: true,
      children: [
        {
          id: 2,
          cls: 'IfcBuildingStorey',
          guid: null,
          name: 'Ground',
          spatial: true,
          children: [leaf(3, 'IfcWall'), leaf(4, 'IfcSlab'), leaf(5, 'IfcWall')],
        },
      ],
    };
    expect([...classesOf(tree).entries()]).toEqual([
      ['IfcSlab', [4]],
      ['IfcWall', [5, 3]],
    ]);
    expect(storeysOf(tree).map((s) => s.id)).toEqual([2]);
  });
});
