import { describe, expect, it } from 'vitest';
import {
  distanceToBox,
  fittedCamera,
  inView,
  loadingPlan,
  nearestFirst,
  unionOf,
  viewerBoxOf,
  type BimBounds,
  type OpeningCamera,
  type ViewerBox,
} from './bim-load-order.ts';

const box = (min: [number, number, number], max: [number, number, number]): ViewerBox => ({ min, max });

/** The bounds the conversion records for the demo's three models (fixtures/ifc/bcf-xml). */
const ARCHITECTURAL: BimBounds = {
  min: [3.96, -20.19, 5.75],
  max: [15.898, -5.46, 9.5],
  coordination: [-12.955, -6.2, -16.075],
};
const MEP: BimBounds = {
  min: [10.696, -15.485, 7.9],
  max: [13.868, -7.898, 8.198],
  coordination: [-12.38933, -7.9, -8.04644],
};
const STRUCTURE: BimBounds = {
  min: [-5.969, -12.082, -0.6],
  max: [15.381, -0.877, 5.569],
  coordination: [5.61938, -3, -6.25688],
};

describe('a model box in the viewer axes', () => {
  it('turns IFC world Z up into the viewer Y up, plus the viewer world offset', () => {
    expect(viewerBoxOf(MEP)).toEqual({ min: [10.696, 7.9, 7.898], max: [13.868, 8.198, 15.485] });
    // Opened first, Architectural.ifc makes the viewer world its own: its box is where the fragments put it.
    const own = viewerBoxOf(ARCHITECTURAL, ARCHITECTURAL.coordination);
    expect(own.min[0]).toBeCloseTo(-8.995, 3);
    expect(own.max[1]).toBeCloseTo(3.3, 3);
    expect(own.max[2]).toBeCloseTo(4.115, 3);
  });

  it('measures the distance from a point to a box, 0 inside it', () => {
    const b = box([0, 0, 0], [2, 2, 2]);
    expect(distanceToBox([1, 1, 1], b)).toBe(0);
    expect(distanceToBox([5, 1, 1], b)).toBe(3);
    expect(distanceToBox([5, 6, 1], b)).toBe(5);
  });

  it('frames the union of boxes as the viewer fit does, every box in view', () => {
    const boxes = [box([0, 0, 0], [10, 3, 10]), box([20, 0, 0], [30, 3, 10])];
    const union = unionOf(boxes)!;
    expect(union).toEqual({ min: [0, 0, 0], max: [30, 3, 10] });
    const camera = fittedCamera(union);
    expect(camera.target).toEqual([15, 1.5, 5]);
    for (const b of boxes) expect(inView(camera, b)).toBe(true);
  });
});

describe('the order in which a federated model loads its models', () => {
  const camera: OpeningCamera = { position: [0, 1.5, 0], target: [0, 1.5, -10], fov: 50, aspect: 1.6 };

  it('puts the models in front of the camera first, nearest first', () => {
    const models = [
      { name: 'far', box: box([-2, 0, -60], [2, 3, -50]) },
      { name: 'near', box: box([-2, 0, -12], [2, 3, -8]) },
      { name: 'middle', box: box([-2, 0, -30], [2, 3, -20]) },
    ];
    expect(nearestFirst(models, (m) => m.box, camera).map((m) => m.name)).toEqual(['near', 'middle', 'far']);
  });

  it('loads a model behind the camera after those in view, however near it is', () => {
    const models = [
      { name: 'behind', box: box([-2, 0, 1], [2, 3, 3]) },
      { name: 'aside', box: box([40, 0, -3], [44, 3, 1]) },
      { name: 'ahead', box: box([-2, 0, -40], [2, 3, -30]) },
    ];
    expect(inView(camera, models[0]!.box)).toBe(false);
    expect(inView(camera, models[1]!.box)).toBe(false);
    expect(nearestFirst(models, (m) => m.box, camera).map((m) => m.name)).toEqual([
      'ahead',
      'behind',
      'aside',
    ]);
  });

  it('loads first, of boxes around the camera, the smallest one', () => {
    const models = [
      { name: 'site', box: box([-100, -10, -100], [100, 50, 100]) },
      { name: 'room', box: box([-3, 0, -3], [3, 3, 3]) },
    ];
    expect(nearestFirst(models, (m) => m.box, camera).map((m) => m.name)).toEqual(['room', 'site']);
  });

  it('keeps models without bounds last, in their given order, and the given order when none has bounds', () => {
    const models = [
      { name: 'unknown 1', box: null },
      { name: 'far', box: box([-2, 0, -60], [2, 3, -50]) },
      { name: 'unknown 2', box: null },
      { name: 'near', box: box([-2, 0, -12], [2, 3, -8]) },
    ];
    expect(nearestFirst(models, (m) => m.box, camera).map((m) => m.name)).toEqual([
      'near',
      'far',
      'unknown 1',
      'unknown 2',
    ]);
    const none = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
    expect(nearestFirst(none, () => null, camera).map((m) => m.name)).toEqual(['a', 'b', 'c']);
  });

  it('opens the demo models by the camera: the structure first from its side, the duct run within the building', () => {
    const models = [
      { name: 'Architectural', bounds: ARCHITECTURAL },
      { name: 'Estructura', bounds: STRUCTURE },
      { name: 'MEP', bounds: MEP },
    ];
    const order = (camera: OpeningCamera) =>
      nearestFirst(models, (m) => viewerBoxOf(m.bounds), camera).map((m) => m.name);
    // Nine metres west of the structure (IFC world z -0.6 to 5.6, under the architecture's 5.75 to 9.5), at
    // 2 m, looking east.
    expect(order({ position: [-15, 2, 6], target: [0, 2, 6], fov: 50, aspect: 1.6 })).toEqual([
      'Estructura',
      'Architectural',
      'MEP',
    ]);
    // Inside the building, beside the duct run (inside the architecture's box, 1.7 m from the duct's): the
    // walls around first, then the duct, the structure below last.
    expect(order({ position: [9, 8, 11.7], target: [12.3, 8, 11.7], fov: 50, aspect: 1.6 })).toEqual([
      'Architectural',
      'MEP',
      'Estructura',
    ]);
    // The fitted view of all three: every model is in view, the nearest to the camera first.
    const all = fittedCamera(unionOf(models.map((m) => viewerBoxOf(m.bounds)))!);
    const fitted = nearestFirst(models, (m) => viewerBoxOf(m.bounds), all);
    const distances = fitted.map((m) => distanceToBox(all.position, viewerBoxOf(m.bounds)));
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });
});

describe('the loading plan of a viewer', () => {
  const sources = [
    { fileId: 1, bounds: ARCHITECTURAL },
    { fileId: 2, bounds: STRUCTURE },
    { fileId: 3, bounds: MEP },
  ];

  it('frames the union from the first model world, and orders by that fitted view', () => {
    const plan = loadingPlan(sources, null, 1.6);
    expect(plan.order.map((s) => s.fileId)).toEqual([1, 3, 2]);
    expect(plan.camera).toBeNull();
    // In Architectural.ifc's world (it opens first): its own box is where the fragments put it.
    expect(plan.box!.max[1]).toBeCloseTo(9.5 - 6.2, 3);
    expect(plan.box!.min[0]).toBeCloseTo(-5.969 - 12.955, 3);
  });

  it("orders by a viewpoint's camera and opens at it, moved into the first model's world", () => {
    // A BCF camera (IFC world, Z up) 9 m west of the structure at 2 m, looking east.
    const plan = loadingPlan(
      sources,
      {
        viewpoint: {
          guid: 'v',
          visualization: {
            guid: 'v',
            lines: [],
            clippingPlanes: [],
            bitmaps: [],
            camera: {
              kind: 'perspective',
              viewPoint: { x: -15, y: -6, z: 2 },
              direction: { x: 1, y: 0, z: 0 },
              upVector: { x: 0, y: 0, z: 1 },
              fieldOfView: 60,
            },
          },
        },
      },
      1.6,
    );
    expect(plan.order.map((s) => s.fileId)).toEqual([2, 1, 3]);
    // The structure opens first: the viewer world is its own (its translation added).
    expect(plan.camera!.position[0]).toBeCloseTo(-15 + 5.61938, 5);
    expect(plan.camera!.position[1]).toBeCloseTo(2 - 3, 5);
    expect(plan.camera!.position[2]).toBeCloseTo(6 - 6.25688, 5);
  });

  it('keeps the given order, and no opening box, without bounds', () => {
    const plan = loadingPlan(
      sources.map((s) => ({ ...s, bounds: null })),
      null,
      1.6,
    );
    expect(plan.order.map((s) => s.fileId)).toEqual([1, 2, 3]);
    expect(plan.box).toBeNull();
  });
});
