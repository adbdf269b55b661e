import { Box, Center, Group, Loader } from '@mantine/core';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type PointerEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { BimIssueViewpointDocument } from '../../gql/generated.ts';
import type { ProjectDetails } from '../projects/project-context.ts';
import type { BimTreeNode, BimViewTarget } from './bim-api.ts';
import { issueViewPath } from '../issues/shared/issue-list-context.ts';
import { ModelLoadPanel, ModelLoadStore } from './bim-load-progress.tsx';
import { BimIssueDialog } from './bim-issue-dialog.tsx';
import type { BimViewerEngine } from './bim-viewer-engine.ts';
import { useBimTools } from './tools/use-bim-tools.tsx';
import { BimModelTree } from './bim-model-tree.tsx';
import { BimPropertiesPanel } from './bim-properties-panel.tsx';
import { captureMarkedUpSnapshot } from './tools/marked-up-snapshot.ts';
import { captureViewpoint } from './bim-view-state.ts';
import { useIssueMarkers } from './bim-issue-pins.ts';
import {
  bimViewerReducer,
  clickedElement,
  initialViewerState,
  issueSource,
  selectedModelLabel,
  selectionTarget,
  type FollowedViewpoint,
  type ViewerSource,
} from './bim-viewer-model.ts';
import { useViewpointOpening } from './use-viewpoint-opening.ts';
import { useModelLoading } from './use-model-loading.ts';
import { BimViewerActions } from './bim-viewer-actions.tsx';
import { BimViewerNotices } from './bim-viewer-notices.tsx';

export type { FollowedViewpoint, ViewerSource } from './bim-viewer-model.ts';

/** Starts downloading the 3D engine's code (three.js, the fragments library) before a viewer mounts. */
export function preloadViewerEngine(): void {
  void import('./bim-viewer-engine.ts').catch(() => undefined);
}

/** A pointer press that moved less than this (px) is a click (select), not an orbit. */
const CLICK_TOLERANCE = 4;

/**
 * The 3D viewer of one or more converted models (a model revision, or the models of a federated model): orbit,
 * pan, zoom, fit, select an element in the model or the spatial tree to read its class, name and IFC GUID, hide
 * and isolate; on an active project, a new issue pinned on the clicked element with the view as its BCF
 * viewpoint; `?issue=` opens an issue's viewpoint (camera, selection, pin). With `followed` (a plugin session),
 * the page's address is not read, the viewer follows the plugin's viewpoint, and a new issue carries it. Its
 * state is bim-viewer-model.ts (one reducer); the 3D engine applies what it decides.
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
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const engineRef = useRef<BimViewerEngine | null>(null);
  const [state, dispatch] = useReducer(bimViewerReducer, initialViewerState);
  const { models, loaded, failed, firstShown, selection, pin, showPins, created, openingView } = state;
  const [loadStore] = useState(() => new ModelLoadStore());
  const navigate = useNavigate();
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
  const client = useClient();
  const followedViewpoint = followed?.viewpoint ?? null;

  useModelLoading({
    projectId: project.id,
    sources,
    canvasRef,
    engineRef,
    loadStore,
    opening: { issueId, viewId, viewTarget, client, followedViewpoint },
    dispatch,
  });

  // A node picked in the tree highlights with what it contains (a storey, an assembly); an element picked in the
  // model or restored from a viewpoint highlights alone.
  const select = useCallback(async (fileId: number | null, node: BimTreeNode | null, withContents = true) => {
    const next = fileId !== null && node ? { fileId, node, withContents } : null;
    dispatch({ type: 'select', selection: next });
    await engineRef.current?.select(
      fileId === null ? null : String(fileId),
      selectionTarget(next)?.ids ?? [],
    );
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
  const toolSelection = useMemo(() => {
    const target = selectionTarget(selection);
    return target ? { modelId: target.modelId, localIds: target.ids } : null;
  }, [selection]);
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
    const hit = (await engineRef.current?.pick(e.clientX, e.clientY)) ?? null;
    const clicked = clickedElement(models, hit, engineRef.current?.getCoordination());
    await select(clicked.selection?.fileId ?? null, clicked.selection?.node ?? null, false);
    if (clicked.pin) dispatch({ type: 'pinned', pin: clicked.pin });
  };

  // The viewpoint opened with the models (an issue's, a saved view's, a plugin's), and the saved views opened here.
  const restoreViewpoint = useViewpointOpening({
    engineRef,
    loaded,
    models,
    select,
    tools: toolsRef,
    issue,
    sources,
    openingView,
    issueId,
    followed,
  });

  // The project's issue pins on these models, coloured by status.
  const markers = useIssueMarkers(
    project.id,
    sources.map((s) => s.documentId),
    loaded ? state.coordination : null,
    created,
  );
  useEffect(() => {
    engineRef.current?.setIssueMarkers(showPins ? markers : []);
  }, [markers, showPins]);

  const startIssue = async () => {
    const engine = engineRef.current;
    const source = issueSource(pin, sources, { followed: !!followed, viewpoint: followedViewpoint });
    if (!engine || !source) return;
    // The issue's image: the view as marked up over the frozen 3D view when the camera has not moved since,
    // else the view itself. Its viewpoint: the plugin's (under a GUID of its own) when a plugin leads the view.
    const [viewpoint, snapshot] = await Promise.all([
      followedViewpoint
        ? { ...followedViewpoint, guid: crypto.randomUUID() }
        : captureViewpoint(engine, pin ? [pin.guid] : [], tools.sectionPlanes()),
      captureMarkedUpSnapshot(engine).catch(() => engine.snapshot()),
    ]);
    dispatch({
      type: 'issueStarted',
      draft: { pin, source, viewpoint, snapshot, fromPlugin: !!followedViewpoint },
    });
  };

  const captureView = async () => {
    const engine = engineRef.current;
    if (!engine) return null;
    return captureViewpoint(engine, selection?.node.guid ? [selection.node.guid] : [], tools.sectionPlanes());
  };

  return (
    <>
      <BimViewerActions
        project={project}
        state={state}
        dispatch={dispatch}
        engine={() => engineRef.current}
        markers={markers}
        viewTarget={viewTarget}
        pluginViewpoint={followedViewpoint}
        clearSelection={() => void select(null, null)}
        captureView={captureView}
        openView={(view) => {
          if (loaded) void restoreViewpoint(view.viewpoint);
        }}
        startIssue={() => void startIssue()}
      />
      {tools.toolbar}
      <BimViewerNotices
        projectId={project.id}
        failed={failed}
        created={created}
        issue={issue}
        followed={!!followed}
        onDismissCreated={() => dispatch({ type: 'createdDismissed' })}
        onOpenCreatedViewpoint={(id) => {
          dispatch({ type: 'createdDismissed' });
          setParams({ issue: String(id) });
        }}
      />
      {state.creating && (
        <BimIssueDialog
          project={project}
          defaultDisciplineId={state.creating.source.disciplineId}
          pin={state.creating.pin}
          viewpoint={state.creating.viewpoint}
          snapshot={state.creating.snapshot}
          fromPlugin={state.creating.fromPlugin}
          onClose={() => dispatch({ type: 'issueClosed' })}
          onCreated={(id) => dispatch({ type: 'issueCreated', issueId: id })}
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
            data-camera={state.camera ? JSON.stringify(state.camera) : undefined}
            data-coordination={state.coordination ? JSON.stringify(state.coordination) : undefined}
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
        <BimPropertiesPanel selection={selection} modelLabel={selectedModelLabel(state, sources)} />
      </Group>
    </>
  );
}
