import * as THREE from 'three';

/** How far (CSS px) from a pin's centre a click or tap still opens it: a pin drawn a few pixels wide stays easy. */
export const PIN_PICK_TOLERANCE = 14;

/**
 * The issue pin a click at (`x`, `y`) (px from the canvas's top left, a canvas `width` × `height`) lands on: the
 * pin whose centre, projected through the camera, is nearest the click within `radius` px (the pin's drawn
 * radius or the tolerance, the larger); among pins at the same spot the one nearest the camera. Pins behind the
 * camera or outside the view are never picked. Pins are drawn over the model (no depth test), so the model
 * never hides one.
 */
export function pinAtScreenPoint<T extends { point: { x: number; y: number; z: number } }>(
  pins: readonly T[],
  camera: THREE.Camera,
  width: number,
  height: number,
  x: number,
  y: number,
  radius = PIN_PICK_TOLERANCE,
): T | null {
  const projected = new THREE.Vector3();
  const view = new THREE.Vector3();
  let best: { pin: T; screen: number; depth: number } | null = null;
  camera.updateMatrixWorld();
  for (const pin of pins) {
    view.set(pin.point.x, pin.point.y, pin.point.z).applyMatrix4(camera.matrixWorldInverse);
    // In front of the camera (it looks down its -Z).
    if (view.z >= 0) continue;
    projected.set(pin.point.x, pin.point.y, pin.point.z).project(camera);
    if (Math.abs(projected.x) > 1 || Math.abs(projected.y) > 1 || projected.z > 1) continue;
    const sx = ((projected.x + 1) / 2) * width;
    const sy = ((1 - projected.y) / 2) * height;
    const screen = Math.hypot(sx - x, sy - y);
    if (screen > radius) continue;
    const depth = -view.z;
    // Pins closer than 2 px to each other on screen count as one spot: the nearest to the camera wins.
    if (!best || screen < best.screen - 2 || (Math.abs(screen - best.screen) <= 2 && depth < best.depth))
      best = { pin, screen, depth };
  }
  return best?.pin ?? null;
}
