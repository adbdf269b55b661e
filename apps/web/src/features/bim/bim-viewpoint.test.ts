import { describe, expect, it } from 'vitest';
import { cameraOfViewpoint, clippingPlanesOfViewpoint, parseBimPins, viewpointOf } from './bim-viewpoint.ts';

describe('BCF viewpoints of the 3D viewer', () => {
  it('writes the camera Z-up with a unit direction and the selection by GUID, and reads it back', () => {
    const camera = {
      position: [10, 5, -2] as [number, number, number],
      target: [0, 1, 1] as [number, number, number],
    };
    const viewpoint = viewpointOf({
      guid: 'b6a3a5b0-0000-4000-8000-000000000001',
      camera,
      fieldOfView: 50,
      aspectRatio: 1.5,
      selectedGuids: ['3g46_woBL6sugXeY5_WP6n'],
    });
    const bcfCamera = viewpoint.visualization?.camera;
    expect(bcfCamera).toMatchObject({
      kind: 'perspective',
      viewPoint: { x: 10, y: 2, z: 5 },
      fieldOfView: 50,
    });
    const d = bcfCamera?.direction ?? { x: 0, y: 0, z: 0 };
    expect(Math.hypot(d.x, d.y, d.z)).toBeCloseTo(1, 10);
    expect(viewpoint.visualization?.components?.selection).toEqual([{ ifcGuid: '3g46_woBL6sugXeY5_WP6n' }]);

    // Read back with the pin at the old target: the same camera.
    const restored = cameraOfViewpoint(viewpoint, { x: 0, y: 1, z: 1 });
    expect(restored.selectedGuids).toEqual(['3g46_woBL6sugXeY5_WP6n']);
    restored.camera?.position.forEach((v, i) => expect(v).toBeCloseTo(camera.position[i] ?? NaN, 10));
    restored.camera?.target.forEach((v, i) => expect(v).toBeCloseTo(camera.target[i] ?? NaN, 10));
  });

  it('reads a viewpoint without camera (selection only) and keeps well-formed pins only', () => {
    expect(
      cameraOfViewpoint({
        guid: 'x',
        visualization: {
          guid: 'x',
          components: {
            selection: [{ ifcGuid: 'A' }, {}],
            visibility: { defaultVisibility: true, exceptions: [] },
            coloring: [],
          },
          lines: [],
          clippingPlanes: [],
          bitmaps: [],
        },
      }),
    ).toEqual({ camera: null, selectedGuids: ['A'] });
    const pin = { fileId: 3, documentId: 2, guid: 'G', localId: 40, point: { x: 1, y: 2, z: 3 } };
    expect(parseBimPins([pin, { fileId: 'x' }, null])).toEqual([pin]);
    expect(parseBimPins('nope')).toEqual([]);
  });

  it('keeps the section planes as BCF clipping planes and gives them back', () => {
    const planes = [
      {
        id: 'a',
        point: [0, 2.5, 0] as [number, number, number],
        normal: [0, -1, 0] as [number, number, number],
      },
      {
        id: 'b',
        point: [4, 0, -3] as [number, number, number],
        normal: [1, 0, 0] as [number, number, number],
      },
    ];
    const viewpoint = viewpointOf({
      guid: 'g',
      camera: { position: [10, 10, 10], target: [0, 0, 0] },
      fieldOfView: 50,
      aspectRatio: 1,
      selectedGuids: [],
      clippingPlanes: planes,
    });
    // Z-up, the direction towards the cut side: the first plane cuts everything above 2.5 m.
    expect(viewpoint.visualization?.clippingPlanes[0]).toEqual({
      location: { x: 0, y: 0, z: 2.5 },
      direction: { x: 0, y: 0, z: 1 },
    });
    const back = clippingPlanesOfViewpoint(viewpoint);
    expect(back).toHaveLength(2);
    back.forEach((plane, i) => {
      plane.point.forEach((v, j) => expect(v).toBeCloseTo(planes[i]?.point[j] ?? NaN, 10));
      plane.normal.forEach((v, j) => expect(v).toBeCloseTo(planes[i]?.normal[j] ?? NaN, 10));
    });
    // A viewpoint without planes (the earlier ones) has none.
    expect(
      clippingPlanesOfViewpoint(
        viewpointOf({
          ...viewpoint,
          camera: { position: [1, 1, 1], target: [0, 0, 0] },
          fieldOfView: 50,
          aspectRatio: 1,
          selectedGuids: [],
          guid: 'h',
        }),
      ),
    ).toEqual([]);
  });
});
