import { Alert, Anchor, Box, Button, Center, Checkbox, Group, Loader } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import type { BcfViewpoint } from '@obra/domain';
import { BimIssueViewpointDocument } from '../../gql/generated.ts';
import type { ProjectDetails } from '../projects/project-context.ts';
import {
  getModelFragments,
  getModelProperties,
  indexTree,
  subtreeIds,
  type BimProperties,
  type BimTreeNode,
} from './bim-api.ts';
import { issueViewPath } from '../issues/shared/issue-list-context.ts';
import { ModelLoadPanel, ModelLoadStore, openingFraction } from './bim-load-progress.tsx';
import { BimIssueDialog } from './bim-issue-dialog.tsx';
import type { BimViewerEngine, ViewerCamera } from './bim-viewer-engine.ts';
import { clippingPlanesOfViewpoint } from './bim-viewpoint.ts';
import { useBimTools } from './tools/use-bim-tools.tsx';
import { BimModelTree } from './bim-model-tree.tsx';
import { BimIssuePinMenu } from './bim-issue-pin-menu.tsx';
import { BimPropertiesPanel } from './bim-properties-panel.tsx';
import { openingViewpoint } from './bim-opening-viewpoint.ts';
import { captureMarkedUpSnapshot } from './tools/marked-up-snapshot.ts';
import {
  parseBimPins,
  viewerOfWorld,
  worldOfViewer,
  type BimPin,
  type Coordination,
} from './bim-viewpoint.ts';
import type { BimViewTarget } from './bim-api.ts';
import { loadingPlan, type BimBounds } from './bim-load-order.ts';
import { BimViewsPanel } from './bim-views-panel.tsx';
import { captureViewpoint, openViewpoint } from './bim-view-state.ts';
import { useIssueMarkers } from './bim-issue-pins.ts';

/** Starts downloading the 3D engine's code (three.js, the fragments library) before a viewer mounts. */
export function preloadViewerEngine(): void {
  void import('./bim-viewer-engine.ts').catch(() => undefined);
}

/** A converted model revision the viewer loads. */
export interface ViewerSource {
  fileId: number;
  documentId: number;
  disciplineId: number | null;
  label: string;
  /** Where the model lies (recorded by the conversion), by which a federated model loads nearest first. */
  bounds?: BimBounds | null;
}

interface Loaded {
  source: ViewerSource;
  properties: BimProperties;
  byId: Map<number, BimTreeNode>;
}

/** A pointer press that moved less than this (px) is a click (select), not an orbit. */
const CLICK_TOLERANCE = 4;

/**
 * A BIM plugin's viewpoint that the viewer follows (the plugin session overlay, features/plugin-session): the
 * viewer opens at it, moves whenever its version changes, and an issue created in the viewer carries it.
 */
export interface FollowedViewpoint {
  viewpoint: BcfViewpoint | null;
  version: number;
}

/**
 * The 3D viewer of one or more converted models (a model revision, or the models of a federated model): orbit,
 * pan, zoom, fit, select an element in the model or the spatial tree to read its class, name and IFC GUID, hide
 * and isolate; on an active project, a new issue pinned on the clicked element with the view as its BCF
 * viewpoint; `?issue=` opens an issue's viewpoint (camera, selection, pin). With `followed` (a plugin session),
 * the page's address is not read, the viewer follows the plugin's viewpoint, and a new issue carries it.
 */
export function BimViewer({
  project,
  sources,
  viewTarget,
  followed,
}: {
  project: ProjectDetails;
  sources: ViewerSource[];
  /** What saved views belong to (the model document, or the federated model); no views panel without it. */
  viewTarget?: BimViewTarget;
  /** A plugin's viewpoint to follow (the plugin session overlay). */
  followed?: FollowedViewpoint;
}) {
  const { t } = useTranslation(['bim', 'enums']);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const engineRef = useRef<BimViewerEngine | null>(null);
  const [models, setModels] = useState<Loaded[]>([]);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  /** Some model geometry is on screen (the first model shows while the others still load). */
  const [firstShown, setFirstShown] = useState(false);
  const [loadStore] = useState(() => new ModelLoadStore());
  const navigate = useNavigate();
  const [selection, setSelection] = useState<{
    fileId: number;
    node: BimTreeNode;
    withContents: boolean;
  } | null>(null);
  const [pin, setPin] = useState<BimPin | null>(null);
  const [camera, setCamera] = useState<ViewerCamera | null>(null);
  const [creating, setCreating] = useState<{
    pin: BimPin | null;
    viewpoint: BcfViewpoint;
    source: ViewerSource;
    snapshot: Blob | null;
    fromPlugin: boolean;
  } | null>(null);
  const [coordination, setCoordination] = useState<Coordination | null>(null);
  const [showPins, setShowPins] = useState(true);
  const [created, setCreated] = useState<number | null>(null);
  const [params, setParams] = useSearchParams();
  // Over another page (the plugin session overlay), that page's address is not the viewer's.
  const issueId = followed ? null : Number(params.get('issue')) || null;
  const [issueQuery] = useQuery({
    query: BimIssueViewpointDocument,
    variables: { projectId: project.id, issueId: issueId ?? 0 },
    pause: issueId === null,
  });
  const issue = issueId === null ? null : (issueQuery.data?.issue ?? null);
  // ?view=: a saved view of these models opens at once (its camera orders the loading, docs/bim.md).
  const viewId = followed ? null : Number(params.get('view')) || null;
  const [openingView, setOpeningView] = useState<BcfViewpoint | null>(null);
  const client = useClient();
  const followedViewpoint = followed?.viewpoint ?? null;
  const openingRef = useRef({ issueId, viewId, viewTarget, client, followedViewpoint });
  openingRef.current = { issueId, viewId, viewTarget, client, followedViewpoint };
  // (read by the loading effect when it starts, not followed: a viewpoint opened later does not reload)
  const sourcesKey = sources.map((s) => s.fileId).join(',');
  // The effects follow sourcesKey (the models' ids); they read the latest sources through this ref.
  const sourcesRef = useRef(sources);
  sourcesRef.current = sources;

  // The models load one after another, nearest the opening camera first (a viewpoint being opened, else the view
  // that frames them all), each shown as soon as it is open: the first one's geometry appears while the next
  // ones still download (one download at a time, so that the first gets the whole connection; the next one
  // starts while the previous opens in the fragments worker).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let engine: BimViewerEngine | null = null;
    setLoaded(false);
    setFailed(false);
    setFirstShown(false);
    setOpeningView(null);
    const given = sourcesRef.current;
    loadStore.reset(given.map((s) => ({ fileId: s.fileId, label: s.label })));
    const run = async () => {
      // The viewpoint being opened (an issue's, a saved view's) is read first: its camera decides which model
      // loads first, and what the fragments worker streams first (the geometry in its view).
      const { followedViewpoint: plugin, ...opened } = openingRef.current;
      const opening = plugin
        ? { viewpoint: plugin }
        : await openingViewpoint({ ...opened, projectId: project.id, fileIds: given.map((s) => s.fileId) });
      if (cancelled) return;
      if (opening?.view) setOpeningView(opening.view);
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
          return getModelFragments(project.id, source.fileId, (p) => loadStore.downloaded(source.fileId, p));
        });
        const properties = previous.then(() => getModelProperties(project.id, source.fileId));
        // Awaited in order below; a failure ends the loading there (these only keep it from going unhandled).
        fragments.catch(() => undefined);
        properties.catch(() => undefined);
        previous = fragments;
        return { fragments, properties };
      });
      const { BimViewerEngine: Engine } = await import('./bim-viewer-engine.ts');
      if (cancelled) return;
      engine = new Engine(canvas);
      engine.onCameraChanged = setCamera;
      engine.onFirstGeometry = () => !cancelled && setFirstShown(true);
      engineRef.current = engine;
      performance.mark('bim:engine-ready');
      // The camera is put where the models open before the first one is asked for its geometry.
      if (plan.box) engine.openAt(plan.box, plan.camera ?? undefined);
      const all: Loaded[] = [];
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
        all.push({ source, properties, byId: indexTree(properties.tree) });
        // The tree lists them in their given order, whatever order they loaded in.
        setModels([...all].sort((a, b) => given.indexOf(a.source) - given.indexOf(b.source)));
      }
      // Framed again around them all, unless the user has moved the camera meanwhile or a viewpoint opens.
      if (list.length > 1 && !engine.cameraMoved && !plan.camera) engine.fit();
      setCoordination(engine.getCoordination());
      setLoaded(true);
      await engine.settle();
      // The bench (bench/bim/bim-viewer-bench.ts) reads this mark: every model's geometry for the view drawn.
      if (!cancelled) performance.mark('bim:all-geometry');
    };
    run().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      engineRef.current = null;
      engine?.dispose();
    };
  }, [project.id, sourcesKey, loadStore]);

  const byGuid = useMemo(() => {
    const map = new Map<string, { fileId: number; node: BimTreeNode }>();
    for (const model of models)
      for (const node of model.byId.values())
        if (node.guid) map.set(node.guid, { fileId: model.source.fileId, node });
    return map;
  }, [models]);

  // A node picked in the tree highlights with what it contains (a storey, an assembly); an element picked in the
  // model or restored from a viewpoint highlights alone.
  const select = useCallback(async (fileId: number | null, node: BimTreeNode | null, withContents = true) => {
    setPin(null);
    setSelection(fileId !== null && node ? { fileId, node, withContents } : null);
    const ids = node ? (withContents ? subtreeIds(node) : [node.id]) : [];
    await engineRef.current?.select(fileId === null ? null : String(fileId), ids);
  }, []);

  // The tools (tools/): section planes and box, class filters, ghosting, measurement, plan views, first person,
  // markup. A click goes to the active picking tool first.
  const toolModels = useMemo(
    () =>
      models.map((m) => ({
        modelId: String(m.source.fileId),
        label: m.source.label,
        tree: m.properties.tree,
      })),
    [models],
  );
  const toolSelection = useMemo(
    () =>
      selection
        ? {
            modelId: String(selection.fileId),
            localIds: selection.withContents ? subtreeIds(selection.node) : [selection.node.id],
          }
        : null,
    [selection],
  );
  const tools = useBimTools({ engineRef, loaded, models: toolModels, selection: toolSelection });
  const toolsRef = useRef(tools);
  toolsRef.current = tools;

  // A click (not a drag) on the canvas picks the element under the pointer.
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerUp = async (e: PointerEvent) => {
    const start = down.current;
    down.current = null;
    if (!start || e.button !== 0) return;
    if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_TOLERANCE) return;
    if (tools.onCanvasClick(e.clientX, e.clientY)) return;
    // A click on an issue's pin opens the issue (as a pin on a drawing does).
    const pinned = showPins ? (engineRef.current?.issueMarkerAt(e.clientX, e.clientY) ?? null) : null;
    if (pinned !== null) {
      void navigate(issueViewPath(project.id, pinned));
      return;
    }
    const hit = await engineRef.current?.pick(e.clientX, e.clientY);
    const model = hit ? models.find((m) => String(m.source.fileId) === hit.modelId) : undefined;
    const node = hit && model ? (model.byId.get(hit.localId) ?? null) : null;
    await select(model && node ? model.source.fileId : null, node, false);
    if (hit && model && node?.guid)
      setPin({
        fileId: model.source.fileId,
        documentId: model.source.documentId,
        guid: node.guid,
        localId: node.id,
        point: { x: hit.point.x, y: hit.point.y, z: hit.point.z },
        world: worldOfViewer([hit.point.x, hit.point.y, hit.point.z], engineRef.current?.getCoordination()),
      });
  };

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
      toolsRef.current.setSectionPlanes(
        viewpoint ? clippingPlanesOfViewpoint(viewpoint, engine.getCoordination()) : [],
      );
      const found = guids.map((g) => byGuid.get(g)).find((n) => n);
      await select(found?.fileId ?? null, found?.node ?? null, false);
      return true;
    },
    [byGuid, select],
  );

  // An issue's viewpoint (?issue=): its camera, its selection and its pin on one of these models.
  useEffect(() => {
    const engine = engineRef.current;
    if (!loaded || !engine || !issue) return;
    const pins = parseBimPins(issue.bimPins).filter((p) =>
      sourcesRef.current.some((s) => s.fileId === p.fileId),
    );
    // A BCF-imported viewpoint (no pin) opens the same way, with no marker.
    const viewpoints = Array.isArray(issue.viewpoints) ? (issue.viewpoints as BcfViewpoint[]) : [];
    const first = viewpoints[0];
    // A pin with its world point is placed through the coordination offset (it may come from another model).
    const pin = pins[0];
    const [px, py, pz] = pin?.world
      ? viewerOfWorld(pin.world, engine.getCoordination())
      : [pin?.point.x ?? 0, pin?.point.y ?? 0, pin?.point.z ?? 0];
    const at = pin ? { x: px, y: py, z: pz } : undefined;
    let cancelled = false;
    const run = async () => {
      if (await restoreViewpoint(first, at, () => cancelled)) engine.setMarker(at ?? null);
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [loaded, issue, sourcesKey, restoreViewpoint]);

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

  // The project's issue pins on these models, coloured by status.
  const markers = useIssueMarkers(
    project.id,
    sources.map((s) => s.documentId),
    loaded ? coordination : null,
    created,
  );
  useEffect(() => {
    engineRef.current?.setIssueMarkers(showPins ? markers : []);
  }, [markers, showPins]);

  const startIssue = async () => {
    const engine = engineRef.current;
    const source = sources.find((s) => s.fileId === pin?.fileId) ?? (followed ? sources[0] : undefined);
    if (!engine || !source || (!pin && !followedViewpoint)) return;
    // The issue's image: the view as marked up over the frozen 3D view when the camera has not moved since,
    // else the view itself. Its viewpoint: the plugin's (under a GUID of its own) when a plugin leads the view.
    const [viewpoint, snapshot] = await Promise.all([
      followedViewpoint
        ? { ...followedViewpoint, guid: crypto.randomUUID() }
        : captureViewpoint(engine, pin ? [pin.guid] : [], tools.sectionPlanes()),
      captureMarkedUpSnapshot(engine).catch(() => engine.snapshot()),
    ]);
    setCreating({ pin, source, viewpoint, snapshot, fromPlugin: !!followedViewpoint });
  };

  const captureView = async () => {
    const engine = engineRef.current;
    if (!engine) return null;
    return captureViewpoint(engine, selection?.node.guid ? [selection.node.guid] : [], tools.sectionPlanes());
  };

  const selectionIds = selection
    ? selection.withContents
      ? subtreeIds(selection.node)
      : [selection.node.id]
    : [];
  const selectedKey = selection ? String(selection.fileId) : null;

  return (
    <>
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={() => engineRef.current?.fit()} data-testid="bim-fit">
          {t('tools.fit')}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!selection}
          data-testid="bim-hide"
          onClick={() => {
            if (selectedKey) void engineRef.current?.hide(selectedKey, selectionIds);
            void select(null, null);
          }}
        >
          {t('tools.hide')}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!selection}
          data-testid="bim-isolate"
          onClick={() => selectedKey && void engineRef.current?.isolate(selectedKey, selectionIds)}
        >
          {t('tools.isolate')}
        </Button>
        <Button
          size="xs"
          variant="default"
          data-testid="bim-show-all"
          onClick={() => void engineRef.current?.showAll()}
        >
          {t('tools.showAll')}
        </Button>
        <Checkbox
          size="xs"
          label={t('issues3d.showPins', { count: markers.length })}
          checked={showPins}
          onChange={(e) => setShowPins(e.currentTarget.checked)}
          data-testid="bim-issue-pins"
        />
        {showPins && <BimIssuePinMenu projectId={project.id} markers={markers} />}
        {viewTarget && (
          <BimViewsPanel
            projectId={project.id}
            target={viewTarget}
            canWrite={project.status === 1}
            capture={captureView}
            onOpen={(view) => {
              if (loaded) void restoreViewpoint(view.viewpoint);
            }}
          />
        )}
        {project.status === 1 && (
          <Button
            size="xs"
            disabled={!pin && !followedViewpoint}
            data-testid="bim-new-issue"
            onClick={() => void startIssue()}
          >
            {followedViewpoint ? t('issue.newAtPluginView') : t('issue.newHere')}
          </Button>
        )}
      </Group>
      {tools.toolbar}
      {failed && (
        <Alert color="red" data-testid="bim-viewer-error">
          {t('errors.loadError')}
        </Alert>
      )}
      {created !== null && (
        <Alert color="green" data-testid="bim-issue-created" withCloseButton onClose={() => setCreated(null)}>
          {t('issue.created')}{' '}
          <Anchor component={Link} to={`/workspace/project/${project.id}/issues/${created}`}>
            {t('issue.openIssue')}
          </Anchor>
          {!followed && (
            <>
              {' · '}
              <Anchor
                data-testid="bim-issue-open-viewpoint"
                onClick={() => {
                  setCreated(null);
                  setParams({ issue: String(created) });
                }}
              >
                {t('issue.openViewpoint')}
              </Anchor>
            </>
          )}
        </Alert>
      )}
      {issue && (
        <Alert color="blue" data-testid="bim-issue-viewpoint">
          {t('issue.viewing', { code: issue.code, title: issue.title })}{' '}
          <Anchor component={Link} to={`/workspace/project/${project.id}/issues/${issue.id}`}>
            {t('issue.openIssue')}
          </Anchor>
        </Alert>
      )}
      {creating && (
        <BimIssueDialog
          project={project}
          defaultDisciplineId={creating.source.disciplineId}
          pin={creating.pin}
          viewpoint={creating.viewpoint}
          snapshot={creating.snapshot}
          fromPlugin={creating.fromPlugin}
          onClose={() => setCreating(null)}
          onCreated={(id) => {
            setCreating(null);
            setCreated(id);
          }}
        />
      )}
      <Group align="stretch" gap="sm" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <BimModelTree
          models={models}
          isSelected={(fileId, id) => selection?.fileId === fileId && selection.node.id === id}
          onSelect={(fileId, node) => void select(fileId, node)}
        />
        <Box style={{ flex: 1, position: 'relative', minWidth: 0 }}>
          <canvas
            ref={canvasRef}
            data-testid="bim-canvas"
            data-loaded={loaded ? 'true' : 'false'}
            data-first-geometry={firstShown ? 'true' : 'false'}
            data-camera={camera ? JSON.stringify(camera) : undefined}
            data-coordination={coordination ? JSON.stringify(coordination) : undefined}
            data-issue-pins={JSON.stringify(
              (showPins ? markers : []).map((m) => ({
                issueId: m.issueId,
                status: m.status,
                color: m.color,
              })),
            )}
            style={{ width: '100%', height: '100%', display: 'block', touchAction: 'none' }}
            onPointerDown={(e) => {
              down.current = { x: e.clientX, y: e.clientY };
            }}
            onPointerUp={(e) => void onPointerUp(e)}
          />
          {tools.overlay}
          {!firstShown && !loaded && !failed && (
            <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
              <Loader />
            </Center>
          )}
          {!failed && <ModelLoadPanel store={loadStore} />}
        </Box>
        <BimPropertiesPanel
          selection={selection}
          modelLabel={
            models.length > 1 && selection
              ? sources.find((x) => x.fileId === selection.fileId)?.label
              : undefined
          }
        />
      </Group>
    </>
  );
}
