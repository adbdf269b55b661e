import type { BimViewerEngine, ViewerCamera } from '../bim-viewer-engine.ts';

/** The last markup drawn over a frozen view of an engine, with the camera it was drawn on. */
const markedUp = new WeakMap<BimViewerEngine, { camera: ViewerCamera; image: Blob }>();

function sameCamera(a: ViewerCamera, b: ViewerCamera): boolean {
  return [...a.position, ...a.target].every(
    (v, i) => Math.abs(v - ([...b.position, ...b.target][i] ?? NaN)) < 1e-6,
  );
}

/** Freezes the 3D view: draws the current frame at once and returns it as a PNG blob. */
export async function captureFrozenView(engine: BimViewerEngine): Promise<Blob> {
  engine.renderer.render(engine.scene, engine.activeCamera);
  const canvas = engine.renderer.domElement;
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('snapshot failed'))), 'image/png'),
  );
}

/** Keeps the marked-up image of the frozen view drawn on this camera (the markup dialog's "Use as snapshot"). */
export function rememberMarkedUpSnapshot(engine: BimViewerEngine, camera: ViewerCamera, image: Blob): void {
  markedUp.set(engine, { camera, image });
}

/** Forgets the marked-up image (the view moved on, or the viewer closed). */
export function forgetMarkedUpSnapshot(engine: BimViewerEngine): void {
  markedUp.delete(engine);
}

/**
 * The picture of the view for an issue or a saved view: the image marked up over the frozen view when the user
 * drew one and the camera has not moved since, else a snapshot of the view as it is (PNG).
 */
export async function captureMarkedUpSnapshot(engine: BimViewerEngine): Promise<Blob> {
  const kept = markedUp.get(engine);
  if (kept && sameCamera(kept.camera, engine.getCamera())) return kept.image;
  return captureFrozenView(engine);
}

/** A data URL (the markup editor's output) as a blob. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(head)?.[1] ?? 'image/png';
  const bytes = atob(body);
  const array = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) array[i] = bytes.charCodeAt(i);
  return new Blob([array], { type });
}
