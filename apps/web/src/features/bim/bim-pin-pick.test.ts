import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { pinAtScreenPoint } from './bim-pin-pick.ts';

/** A 800 × 600 view from (0, 0, 10) looking at the origin. */
function camera(): THREE.PerspectiveCamera {
  const c = new THREE.PerspectiveCamera(50, 800 / 600, 0.1, 1000);
  c.position.set(0, 0, 10);
  c.lookAt(0, 0, 0);
  return c;
}

describe('a click on an issue pin in the model', () => {
  const pins = [
    { issueId: 1, point: { x: 0, y: 0, z: 0 } },
    { issueId: 2, point: { x: 2, y: 0, z: 0 } },
  ];

  it('finds the pin under the click, within the tolerance around its centre', () => {
    // The origin projects to the middle of the canvas.
    expect(pinAtScreenPoint(pins, camera(), 800, 600, 400, 300)?.issueId).toBe(1);
    expect(pinAtScreenPoint(pins, camera(), 800, 600, 410, 305)?.issueId).toBe(1);
    // x = 2 at 10 m with a 50° vertical field: 2 / (10 · tan 25°) · 300 px ≈ 128.7 px right of the middle.
    expect(pinAtScreenPoint(pins, camera(), 800, 600, 529, 300)?.issueId).toBe(2);
  });

  it('finds none away from every pin', () => {
    expect(pinAtScreenPoint(pins, camera(), 800, 600, 465, 300)).toBeNull();
    expect(pinAtScreenPoint([], camera(), 800, 600, 400, 300)).toBeNull();
  });

  it('takes the pin nearest the camera among pins at the same spot, and never one behind the camera', () => {
    const stacked = [
      { issueId: 3, point: { x: 0, y: 0, z: -5 } },
      { issueId: 4, point: { x: 0, y: 0, z: 5 } },
      { issueId: 5, point: { x: 0, y: 0, z: 20 } },
    ];
    expect(pinAtScreenPoint(stacked, camera(), 800, 600, 400, 300)?.issueId).toBe(4);
    expect(pinAtScreenPoint([stacked[2]!], camera(), 800, 600, 400, 300)).toBeNull();
  });

  it('follows the camera: after an orbit the pin is found where it is drawn now', () => {
    const c = camera();
    c.position.set(10, 0, 0);
    c.lookAt(0, 0, 0);
    // Seen from +X, the pin at z = 2 lies to the left of the middle (about 128.7 px).
    const pin = [{ issueId: 6, point: { x: 0, y: 0, z: 2 } }];
    expect(pinAtScreenPoint(pin, c, 800, 600, 400, 300)).toBeNull();
    expect(pinAtScreenPoint(pin, c, 800, 600, 271, 300)?.issueId).toBe(6);
  });
});
