import type { BcfViewpoint } from '@obra/domain';
import type { BimViewerEngine } from './bim-viewer-engine.ts';
import { cameraOfViewpoint, viewpointOf, visibilityOfViewpoint } from './bim-viewpoint.ts';
import type { SectionPlane } from './tools/section-math.ts';

/**
 * The viewer's state as a BCF viewpoint (a saved view, an issue's viewpoint): the camera in IFC world
 * coordinates (the viewer world's coordination offset), the lens, the selection, what is hidden or isolated, and
 * the section planes and box (tools/) as clipping planes.
 */
export async function captureViewpoint(
  engine: BimViewerEngine,
  selectedGuids: string[],
  clippingPlanes: readonly SectionPlane[] = [],
): Promise<BcfViewpoint> {
  return viewpointOf({
    guid: crypto.randomUUID(),
    camera: engine.getCamera(),
    ...engine.getLens(),
    selectedGuids,
    visibility: await engine.getVisibility(),
    coordination: engine.getCoordination(),
    clippingPlanes,
  });
}

/**
 * Opens a BCF viewpoint (Obra's or another tool's) on the loaded models: its camera (moved by the coordination
 * offset; the orbit target at `focus`'s distance when given) and its visibility (all shown when it has none).
 * Answers the GUIDs it selects, for the caller to select them.
 */
export async function openViewpoint(
  engine: BimViewerEngine,
  viewpoint: BcfViewpoint,
  focus?: { x: number; y: number; z: number },
): Promise<string[]> {
  const restored = cameraOfViewpoint(viewpoint, focus, engine.getCoordination());
  if (restored.camera) engine.setCamera(restored.camera);
  const visibility = visibilityOfViewpoint(viewpoint);
  if (visibility) await engine.applyVisibility(visibility);
  else await engine.showAll();
  return restored.selectedGuids;
}
