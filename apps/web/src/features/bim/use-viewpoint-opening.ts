import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { BcfViewpoint } from '@obra/domain';
import type { BimTreeNode } from './bim-api.ts';
import type { BimViewerEngine } from './bim-viewer-engine.ts';
import {
  issueOpening,
  nodesByGuid,
  type FollowedViewpoint,
  type LoadedModel,
  type ViewerSource,
} from './bim-viewer-model.ts';
import { clippingPlanesOfViewpoint } from './bim-viewpoint.ts';
import { openViewpoint } from './bim-view-state.ts';
import type { SectionPlane } from './tools/section-math.ts';

/**
 * The viewpoints the viewer opens once its models are in: an issue's (`?issue=`, with its pin's marker), a saved
 * view's (`?view=`, read before the loading), a plugin's (again at each of its changes). Answers the function
 * that opens one (the saved views panel opens them with it).
 */
export function useViewpointOpening(input: {
  engineRef: RefObject<BimViewerEngine | null>;
  loaded: boolean;
  models: LoadedModel[];
  select: (fileId: number | null, node: BimTreeNode | null, withContents?: boolean) => Promise<void>;
  /** The tools, which hold the section planes and box. */
  tools: RefObject<{ setSectionPlanes: (planes: SectionPlane[]) => void }>;
  issue: { bimPins: unknown; viewpoints: unknown } | null;
  sources: ViewerSource[];
  openingView: BcfViewpoint | null;
  issueId: number | null;
  followed: FollowedViewpoint | undefined;
}): (viewpoint: BcfViewpoint | undefined) => Promise<boolean> {
  const { engineRef, loaded, models, select, tools, issue, sources, openingView, issueId, followed } = input;
  const byGuid = useMemo(() => nodesByGuid(models), [models]);
  const sourcesKey = sources.map((s) => s.fileId).join(',');
  const sourcesRef = useRef(sources);
  sourcesRef.current = sources;
  const followedViewpoint = followed?.viewpoint ?? null;

  /**
   * Opens a viewpoint (an issue's, a saved view's): its camera (the orbit target at `at`'s distance when given),
   * visibility, section planes and box, and its selected element. Answers false when `cancelled` said so on the
   * way (the caller then leaves the view alone).
   */
  const restoreViewpoint = useCallback(
    async (
      viewpoint: BcfViewpoint | undefined,
      at?: { x: number; y: number; z: number },
      cancelled: () => boolean = () => false,
    ): Promise<boolean> => {
      const engine = engineRef.current;
      if (!engine) return false;
      const guids = viewpoint ? await openViewpoint(engine, viewpoint, at) : [];
      if (cancelled()) return false;
      // Its section planes and box, in IFC world coordinates like the camera.
      tools.current.setSectionPlanes(
        viewpoint ? clippingPlanesOfViewpoint(viewpoint, engine.getCoordination()) : [],
      );
      const found = guids.map((g) => byGuid.get(g)).find((n) => n);
      await select(found?.fileId ?? null, found?.node ?? null, false);
      return true;
    },
    [byGuid, select, engineRef, tools],
  );

  // An issue's viewpoint (?issue=): its camera, its selection and its pin on one of these models.
  useEffect(() => {
    const engine = engineRef.current;
    if (!loaded || !engine || !issue) return;
    const fileIds = sourcesRef.current.map((s) => s.fileId);
    const { viewpoint, at } = issueOpening(issue, fileIds, engine.getCoordination());
    let cancelled = false;
    const run = async () => {
      if (await restoreViewpoint(viewpoint, at, () => cancelled)) engine.setMarker(at ?? null);
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [loaded, issue, sourcesKey, restoreViewpoint, engineRef]);

  // A saved view opened by ?view= (read before the loading): its camera, visibility, sections and selection.
  useEffect(() => {
    if (!loaded || !openingView || issueId !== null) return;
    let cancelled = false;
    void restoreViewpoint(openingView, undefined, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [loaded, openingView, issueId, restoreViewpoint]);

  // A plugin's viewpoint (the plugin session overlay): opened once the models are in, and again at each change.
  const followedVersion = followed?.version ?? null;
  const followedRef = useRef(followedViewpoint);
  followedRef.current = followedViewpoint;
  useEffect(() => {
    const viewpoint = followedRef.current;
    if (!loaded || followedVersion === null || !viewpoint) return;
    let cancelled = false;
    void restoreViewpoint(viewpoint, undefined, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [loaded, followedVersion, restoreViewpoint]);

  return restoreViewpoint;
}
