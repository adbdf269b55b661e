import { useEffect, useRef, type Dispatch, type RefObject } from 'react';
import type { BcfViewpoint } from '@obra/domain';
import type { Client } from 'urql';
import { getModelFragments, getModelProperties, indexTree, type BimViewTarget } from './bim-api.ts';
import { openingFraction, type ModelLoadStore } from './bim-load-progress.tsx';
import { loadingPlan } from './bim-load-order.ts';
import { openingViewpoint } from './bim-opening-viewpoint.ts';
import type { BimViewerEngine } from './bim-viewer-engine.ts';
import type { BimViewerAction, ViewerSource } from './bim-viewer-model.ts';

/** What the loading reads when it starts (not followed: a viewpoint opened later does not reload the models). */
export interface LoadingOpening {
  issueId: number | null;
  viewId: number | null;
  viewTarget: BimViewTarget | undefined;
  client: Client;
  followedViewpoint: BcfViewpoint | null;
}

/**
 * Loads the viewer's models into a new engine on the canvas, again whenever the models' ids change; the engine
 * is disposed on the way out. The models load one after another, nearest the opening camera first (a viewpoint
 * being opened, else the view that frames them all), each shown as soon as it is open: the first one's geometry
 * appears while the next ones still download (one download at a time, so that the first gets the whole
 * connection; the next one starts while the previous opens in the fragments worker).
 */
export function useModelLoading(input: {
  projectId: number;
  sources: ViewerSource[];
  canvasRef: RefObject<HTMLCanvasElement | null>;
  engineRef: RefObject<BimViewerEngine | null>;
  loadStore: ModelLoadStore;
  opening: LoadingOpening;
  dispatch: Dispatch<BimViewerAction>;
}): void {
  const { projectId, sources, canvasRef, engineRef, loadStore, dispatch } = input;
  const openingRef = useRef(input.opening);
  openingRef.current = input.opening;
  const sourcesKey = sources.map((s) => s.fileId).join(',');
  // The effect follows sourcesKey (the models' ids); it reads the latest sources through this ref.
  const sourcesRef = useRef(sources);
  sourcesRef.current = sources;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let engine: BimViewerEngine | null = null;
    const given = sourcesRef.current;
    dispatch({ type: 'loadStarted', order: given.map((s) => s.fileId) });
    loadStore.reset(given.map((s) => ({ fileId: s.fileId, label: s.label })));
    const run = async () => {
      // The viewpoint being opened (an issue's, a saved view's) is read first: its camera decides which model
      // loads first, and what the fragments worker streams first (the geometry in its view).
      const { followedViewpoint: plugin, ...opened } = openingRef.current;
      const opening = plugin
        ? { viewpoint: plugin }
        : await openingViewpoint({ ...opened, projectId, fileIds: given.map((s) => s.fileId) });
      if (cancelled) return;
      if (opening?.view) dispatch({ type: 'openingView', view: opening.view });
      const plan = loadingPlan(given, opening, canvas.clientWidth / Math.max(1, canvas.clientHeight));
      const list = plan.order;
      loadStore.reset(list.map((s) => ({ fileId: s.fileId, label: s.label })));
      // The downloads start at once, alongside the engine's code.
      // Each model's properties (its spatial tree) come alongside its fragments, but the geometry shows first.
      let previous: Promise<unknown> = Promise.resolve();
      const downloads = list.map((source) => {
        const fragments = previous.then(async () => {
          if (cancelled) throw new Error('cancelled');
          loadStore.update(source.fileId, { stage: 'downloading' });
          return getModelFragments(projectId, source.fileId, (p) => loadStore.downloaded(source.fileId, p));
        });
        const properties = previous.then(() => getModelProperties(projectId, source.fileId));
        // Awaited in order below; a failure ends the loading there (these only keep it from going unhandled).
        fragments.catch(() => undefined);
        properties.catch(() => undefined);
        previous = fragments;
        return { fragments, properties };
      });
      const { BimViewerEngine: Engine } = await import('./bim-viewer-engine.ts');
      if (cancelled) return;
      engine = new Engine(canvas);
      engine.onCameraChanged = (camera) => dispatch({ type: 'camera', camera });
      engine.onFirstGeometry = () => !cancelled && dispatch({ type: 'firstGeometry' });
      engineRef.current = engine;
      performance.mark('bim:engine-ready');
      // The camera is put where the models open before the first one is asked for its geometry.
      if (plan.box) engine.openAt(plan.box, plan.camera ?? undefined);
      for (const [index, source] of list.entries()) {
        const download = downloads[index]!;
        const fragments = await download.fragments;
        if (cancelled) return;
        performance.mark(`bim:downloaded:${source.fileId}`);
        loadStore.update(source.fileId, { stage: 'opening', opening: 0 });
        // Without recorded bounds, the first model is framed before its first geometry is asked for.
        await engine.load(
          String(source.fileId),
          fragments,
          (event) =>
            loadStore.update(source.fileId, { opening: openingFraction(event.stage, event.progress) }),
          index === 0 && !plan.box,
        );
        if (cancelled) return;
        performance.mark(`bim:opened:${source.fileId}`);
        const properties = await download.properties;
        if (cancelled) return;
        loadStore.update(source.fileId, { stage: 'shown' });
        // The tree lists them in their given order, whatever order they loaded in (the reducer sorts them).
        dispatch({ type: 'modelShown', model: { source, properties, byId: indexTree(properties.tree) } });
      }
      // Framed again around them all, unless the user has moved the camera meanwhile or a viewpoint opens.
      if (list.length > 1 && !engine.cameraMoved && !plan.camera) engine.fit();
      dispatch({ type: 'allShown', coordination: engine.getCoordination() });
      await engine.settle();
      // The bench (bench/bim/bim-viewer-bench.ts) reads this mark: every model's geometry for the view drawn.
      if (!cancelled) performance.mark('bim:all-geometry');
    };
    run().catch(() => !cancelled && dispatch({ type: 'loadFailed' }));
    return () => {
      cancelled = true;
      engineRef.current = null;
      engine?.dispose();
    };
  }, [projectId, sourcesKey, loadStore, canvasRef, engineRef, dispatch]);
}
