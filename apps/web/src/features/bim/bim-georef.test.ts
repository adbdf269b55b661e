import { describe, expect, it } from 'vitest';
import type { BcfViewpoint } from '@obra/domain';
import {
  cameraOfViewpoint,
  viewerOfWorld,
  viewpointOf,
  visibilityOfViewpoint,
  worldOfViewer,
  type Coordination,
} from './bim-viewpoint.ts';

/**
 * fixtures/ifc/bcf-xml/Architectural.ifc as the conversion reads it: `IfcImporter` (@thatopen/fragments 3.4.7)
 * moves it by (-12.955, -6.2, -16.075) (viewer axes, Y up), the coordination the fragments keep and the viewer
 * reads (`getCoordinates()`; e2e/tests/bim-views.spec.ts reads the same value in the browser). Its wall
 * 1E8YkwPMfB$h99jtn_uAjI spans x 0.72…1.64, y -0.45…2.5, z -8.74…0 in the viewer once moved (web-ifc's
 * geometry of the wall, in the same frame).
 */
const ARCHITECTURAL: Coordination = [-12.955, -6.2, -16.075];
const WALL_CENTRE: [number, number, number] = [1.183, 1.025, -4.368];

/**
 * The camera of the buildingSMART BCF 2.1 test case "Visualization/Single visible wall"
 * (fixtures/bcf/cases/2.1/Visualization/Single visible wall/case.bcf), written by bimsync on Architectural.ifc in
 * IFC world coordinates: it looks at that wall, the only component visible.
 */
const CASE: BcfViewpoint = {
  guid: '8945632b-d7c8-4436-aef8-3995f69ada3b',
  visualization: {
    guid: '8945632b-d7c8-4436-aef8-3995f69ada3b',
    camera: {
      kind: 'perspective',
      viewPoint: { x: 17.215579591546742, y: -16.51693001290806, z: 9.504509184867453 },
      direction: { x: -0.5650988558624445, y: 0.651737861315487, z: -0.5058666259310565 },
      upVector: { x: -0.3313943565424513, y: 0.3822025950758132, z: 0.8626117068351953 },
      fieldOfView: 60,
    },
    components: {
      selection: [],
      visibility: { defaultVisibility: false, exceptions: [{ ifcGuid: '1E8YkwPMfB$h99jtn_uAjI' }] },
      coloring: [],
    },
    lines: [],
    clippingPlanes: [],
    bitmaps: [],
  },
};

/** How far (m) a point is from the camera's line of sight. */
function offAxis(
  camera: { position: [number, number, number]; target: [number, number, number] },
  point: [number, number, number],
) {
  const d = camera.target.map((v, i) => v - (camera.position[i] ?? 0));
  const n = Math.hypot(...d);
  const p = point.map((v, i) => v - (camera.position[i] ?? 0));
  const along = (p[0]! * d[0]! + p[1]! * d[1]! + p[2]! * d[2]!) / n;
  return Math.sqrt(Math.max(0, Math.hypot(...p) ** 2 - along ** 2));
}

describe('georeferenced viewpoints', () => {
  it('opens another tool’s viewpoint on the converted model where it was taken', () => {
    const restored = cameraOfViewpoint(CASE, undefined, ARCHITECTURAL);
    expect(restored.camera).not.toBeNull();
    const camera = restored.camera!;
    expect(camera.position[0]).toBeCloseTo(17.2156 - 12.955, 3);
    expect(camera.position[1]).toBeCloseTo(9.5045 - 6.2, 3);
    expect(camera.position[2]).toBeCloseTo(16.5169 - 16.075, 3);
    // The wall is in the line of sight (within 2 m over about 6 m); read without the offset, it is far off.
    expect(offAxis(camera, WALL_CENTRE)).toBeLessThan(2);
    expect(offAxis(cameraOfViewpoint(CASE).camera!, WALL_CENTRE)).toBeGreaterThan(5);
    expect(visibilityOfViewpoint(CASE)).toEqual({
      defaultVisibility: false,
      exceptions: ['1E8YkwPMfB$h99jtn_uAjI'],
    });
  });

  it('writes the camera in IFC world coordinates and reads it back to the same view', () => {
    const camera = {
      position: [4.26, 3.3, 0.44] as [number, number, number],
      target: [1.2, 1.0, -4.4] as [number, number, number],
    };
    const viewpoint = viewpointOf({
      guid: 'g',
      camera,
      fieldOfView: 50,
      aspectRatio: 1,
      selectedGuids: [],
      visibility: { defaultVisibility: true, exceptions: ['A', 'B'] },
      coordination: ARCHITECTURAL,
    });
    expect(viewpoint.visualization?.camera?.viewPoint.x).toBeCloseTo(17.215, 10);
    expect(viewpoint.visualization?.camera?.viewPoint.y).toBeCloseTo(-16.515, 10);
    expect(viewpoint.visualization?.camera?.viewPoint.z).toBeCloseTo(9.5, 10);
    expect(viewpoint.visualization?.components?.visibility).toEqual({
      defaultVisibility: true,
      exceptions: [{ ifcGuid: 'A' }, { ifcGuid: 'B' }],
    });
    const back = cameraOfViewpoint(viewpoint, { x: 1.2, y: 1.0, z: -4.4 }, ARCHITECTURAL).camera!;
    back.position.forEach((v, i) => expect(v).toBeCloseTo(camera.position[i]!, 10));
    back.target.forEach((v, i) => expect(v).toBeCloseTo(camera.target[i]!, 10));
    const world = worldOfViewer([1, 2, 3], ARCHITECTURAL);
    viewerOfWorld(world, ARCHITECTURAL).forEach((v, i) => expect(v).toBeCloseTo([1, 2, 3][i]!, 10));
  });
});
