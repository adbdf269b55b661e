import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { BimIssueViewpointDocument } from '../../gql/generated.ts';
import { toUiError } from '../../lib/api-errors.ts';
import { useProject } from '../projects/project-context.ts';
import {
  getModel,
  getModelFragments,
  getModelProperties,
  indexTree,
  subtreeIds,
  type BimModelDetail,
  type BimProperties,
  type BimTreeNode,
} from './bim-api.ts';
import type { BimViewerEngine, ViewerCamera } from './bim-viewer-engine.ts';
import { BimIssueDialog } from './bim-issue-dialog.tsx';
import { cameraOfViewpoint, parseBimPins, viewpointOf, type BimPin } from './bim-viewpoint.ts';
import type { BcfViewpoint } from '@obra/domain';

/** Codes that mean "you may not open this model" (editor §8.1 "You do not have access to this document"). */
const NO_ACCESS = new Set(['DOCUMENT_PERMISSION_DENIED', 'DOCUMENTS_NOT_FOUND', 'FORBIDDEN', 'PROJECT_NOT_FOUND']);

type Failure = 'noAccess' | 'loadError';

/** A pointer press that moved less than this (px) is a click (select), not an orbit. */
const CLICK_TOLERANCE = 4;

function TreeNode({
  node,
  depth,
  selectedId,
  onSelect,
}: {
  node: BimTreeNode;
  depth: number;
  selectedId: number | null;
  onSelect: (node: BimTreeNode) => void;
}) {
  const [open, setOpen] = useState(depth < 3);
  const label = node.name?.trim() ? `${node.name.trim()} · ${node.cls}` : node.cls;
  const selected = selectedId === node.id;
  return (
    <Box>
      <Group gap={4} wrap="nowrap" pl={depth * 12}>
        {node.children.length > 0 ? (
          <UnstyledButton
            w={16}
            aria-label={open ? 'collapse' : 'expand'}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '▾' : '▸'}
          </UnstyledButton>
        ) : (
          <Box w={16} />
        )}
        <UnstyledButton
          onClick={() => onSelect(node)}
          data-testid={`bim-tree-${node.id}`}
          aria-current={selected ? 'true' : undefined}
          style={{ fontWeight: selected ? 700 : undefined, fontSize: 13, whiteSpace: 'nowrap' }}
        >
          {label}
        </UnstyledButton>
      </Group>
      {open &&
        node.children.map((child) => (
          <TreeNode key={child.id} node={child} depth={depth + 1} selectedId={selectedId} onSelect={onSelect} />
        ))}
    </Box>
  );
}

/**
 * /workspace/project/{id}/bim-files/models/{fileId}: the 3D viewer of one converted IFC revision — orbit, pan,
 * zoom, fit, select an element (in the model or the spatial tree) to read its class, name and IFC GUID, hide and
 * isolate. Access failures and the not-latest-revision warning follow editor §8.1.
 */
export function BimViewerPage() {
  const { t } = useTranslation('bim');
  const { project } = useProject();
  const fileId = Number(useParams()['fileId']);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const engineRef = useRef<BimViewerEngine | null>(null);
  const [detail, setDetail] = useState<BimModelDetail | null>(null);
  const [properties, setProperties] = useState<BimProperties | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [pin, setPin] = useState<BimPin | null>(null);
  const [camera, setCamera] = useState<ViewerCamera | null>(null);
  const [creating, setCreating] = useState<{ pin: BimPin; viewpoint: BcfViewpoint } | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const modelKey = String(fileId);
  const [params, setParams] = useSearchParams();
  const issueId = Number(params.get('issue')) || null;
  const [issueQuery] = useQuery({
    query: BimIssueViewpointDocument,
    variables: { projectId: project.id, issueId: issueId ?? 0 },
    pause: issueId === null,
  });
  const issue = issueId === null ? null : (issueQuery.data?.issue ?? null);

  useEffect(() => {
    let cancelled = false;
    setFailure(null);
    setLoaded(false);
    getModel(project.id, fileId).then(
      (d) => !cancelled && setDetail(d),
      (error: unknown) => {
        if (cancelled) return;
        setFailure(NO_ACCESS.has(toUiError(error).code) ? 'noAccess' : 'loadError');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [project.id, fileId]);

  const ready = detail?.processingState === 'success';
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!ready || !canvas) return;
    let cancelled = false;
    let engine: BimViewerEngine | null = null;
    const run = async () => {
      const [{ BimViewerEngine: Engine }, fragments, props] = await Promise.all([
        import('./bim-viewer-engine.ts'),
        getModelFragments(project.id, fileId),
        getModelProperties(project.id, fileId),
      ]);
      if (cancelled) return;
      engine = new Engine(canvas);
      engine.onCameraChanged = setCamera;
      engineRef.current = engine;
      setProperties(props);
      await engine.load(modelKey, fragments);
      if (cancelled) return;
      engine.fit();
      setLoaded(true);
    };
    run().catch(() => !cancelled && setFailure('loadError'));
    return () => {
      cancelled = true;
      engineRef.current = null;
      engine?.dispose();
    };
  }, [ready, project.id, fileId, modelKey]);

  const byId = useMemo(() => (properties ? indexTree(properties.tree) : new Map<number, BimTreeNode>()), [properties]);
  const byGuid = useMemo(() => {
    const map = new Map<string, BimTreeNode>();
    for (const node of byId.values()) if (node.guid) map.set(node.guid, node);
    return map;
  }, [byId]);
  const selected = selectedId === null ? null : (byId.get(selectedId) ?? null);

  const select = useCallback(
    async (node: BimTreeNode | null) => {
      setPin(null);
      setSelectedId(node?.id ?? null);
      await engineRef.current?.select(modelKey, node ? subtreeIds(node) : []);
    },
    [modelKey],
  );

  // A click (not a drag) on the canvas picks the element under the pointer.
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: React.PointerEvent) => {
    down.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = async (e: React.PointerEvent) => {
    const start = down.current;
    down.current = null;
    if (!start || e.button !== 0) return;
    if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_TOLERANCE) return;
    const hit = await engineRef.current?.pick(e.clientX, e.clientY);
    const node = hit ? (byId.get(hit.localId) ?? null) : null;
    await select(node);
    setPin(
      hit && node?.guid && detail
        ? {
            fileId,
            documentId: detail.documentId,
            guid: node.guid,
            localId: node.id,
            point: { x: hit.point.x, y: hit.point.y, z: hit.point.z },
          }
        : null,
    );
  };

  // An issue's viewpoint (?issue=): its camera, its selection and its pin on this model.
  useEffect(() => {
    const engine = engineRef.current;
    if (!loaded || !engine || !issue) return;
    const pins = parseBimPins(issue.bimPins).filter((p) => p.fileId === fileId);
    const viewpoints = Array.isArray(issue.viewpoints) ? (issue.viewpoints as BcfViewpoint[]) : [];
    const first = viewpoints[0];
    const restored = first ? cameraOfViewpoint(first, pins[0]?.point) : null;
    if (restored?.camera) engine.setCamera(restored.camera);
    const node = restored?.selectedGuids.map((g) => byGuid.get(g)).find((n) => n) ?? null;
    void select(node ?? null);
    engine.setMarker(pins[0]?.point ?? null);
  }, [loaded, issue, fileId, byGuid, select]);

  const startIssue = () => {
    const engine = engineRef.current;
    if (!engine || !pin) return;
    setCreating({
      pin,
      viewpoint: viewpointOf({
        guid: crypto.randomUUID(),
        camera: engine.getCamera(),
        ...engine.getLens(),
        selectedGuids: [pin.guid],
      }),
    });
  };

  const selectionIds = selected ? subtreeIds(selected) : [];
  const latest = detail?.revisions[0];

  if (failure)
    return (
      <Stack p="md">
        <Alert color="red" data-testid="bim-viewer-error">
          {failure === 'noAccess' ? t('errors.noAccess') : t('errors.loadError')}
        </Alert>
        <Anchor component={Link} to={`/workspace/project/${project.id}/bim-files/models`}>
          {t('backToModels')}
        </Anchor>
      </Stack>
    );
  if (!detail)
    return (
      <Center h="50vh">
        <Loader />
      </Center>
    );

  return (
    <Stack p="md" gap="sm" h="calc(100vh - 80px)">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Anchor component={Link} to={`/workspace/project/${project.id}/bim-files/models`}>
            {t('title')}
          </Anchor>
          <Text>/</Text>
          <Title order={3}>
            {detail.fileName} · {t('revision', { revision: detail.revisionName })}
          </Title>
        </Group>
        {ready && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => engineRef.current?.fit()} data-testid="bim-fit">
              {t('tools.fit')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!selected}
              data-testid="bim-hide"
              onClick={() => {
                void engineRef.current?.hide(modelKey, selectionIds);
                void select(null);
              }}
            >
              {t('tools.hide')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!selected}
              data-testid="bim-isolate"
              onClick={() => void engineRef.current?.isolate(modelKey, selectionIds)}
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
            {project.status === 1 && (
              <Button size="xs" disabled={!pin} data-testid="bim-new-issue" onClick={startIssue}>
                {t('issue.newHere')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {!detail.isLatest && latest && (
        <Alert color="yellow" data-testid="bim-not-latest">
          {t('warnings.notLatest', { latest: latest.revisionName })}{' '}
          <Anchor component={Link} to={`/workspace/project/${project.id}/bim-files/models/${latest.fileId}`}>
            {t('warnings.openLatest')}
          </Anchor>
        </Alert>
      )}
      {created !== null && (
        <Alert color="green" data-testid="bim-issue-created" withCloseButton onClose={() => setCreated(null)}>
          {t('issue.created')}{' '}
          <Anchor component={Link} to={`/workspace/project/${project.id}/issues/${created}`}>
            {t('issue.openIssue')}
          </Anchor>
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
          defaultDisciplineId={detail.disciplineId}
          pin={creating.pin}
          viewpoint={creating.viewpoint}
          onClose={() => setCreating(null)}
          onCreated={(id) => {
            setCreating(null);
            setCreated(id);
          }}
        />
      )}
      {!ready && (
        <Alert color={detail.processingState === 'failed' ? 'red' : 'blue'} data-testid="bim-not-ready">
          {detail.processingState === 'failed'
            ? `${t('errors.loadError')} ${t(`failure.${detail.processingError ?? 'conversionFailed'}`)}`
            : t(`state.${detail.processingState}`)}
        </Alert>
      )}
      {ready && (
        <Group align="stretch" gap="sm" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
          <ScrollArea w={280} data-testid="bim-tree" style={{ border: '1px solid var(--mantine-color-gray-3)' }}>
            <Box p="xs">
              <Text fw={600} size="sm" mb={4}>
                {t('tree.title')}
              </Text>
              {properties && (
                <TreeNode node={properties.tree} depth={0} selectedId={selectedId} onSelect={(n) => void select(n)} />
              )}
            </Box>
          </ScrollArea>
          <Box style={{ flex: 1, position: 'relative', minWidth: 0 }}>
            <canvas
              ref={canvasRef}
              data-testid="bim-canvas"
              data-loaded={loaded ? 'true' : 'false'}
              data-camera={camera ? JSON.stringify(camera) : undefined}
              style={{ width: '100%', height: '100%', display: 'block', touchAction: 'none' }}
              onPointerDown={onPointerDown}
              onPointerUp={(e) => void onPointerUp(e)}
            />
            {!loaded && (
              <Center pos="absolute" inset={0}>
                <Loader />
              </Center>
            )}
          </Box>
          <Box w={300} p="xs" data-testid="bim-properties" style={{ border: '1px solid var(--mantine-color-gray-3)' }}>
            <Text fw={600} size="sm" mb={4}>
              {t('properties.title')}
            </Text>
            {selected ? (
              <Table fz="sm">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th>{t('properties.class')}</Table.Th>
                    <Table.Td data-testid="bim-prop-class">{selected.cls}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('properties.name')}</Table.Th>
                    <Table.Td data-testid="bim-prop-name">{selected.name ?? '—'}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('properties.guid')}</Table.Th>
                    <Table.Td data-testid="bim-prop-guid" style={{ fontFamily: 'monospace' }}>
                      {selected.guid ?? '—'}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('properties.expressId')}</Table.Th>
                    <Table.Td>{selected.id}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="dimmed">
                {t('properties.none')}
              </Text>
            )}
          </Box>
        </Group>
      )}
    </Stack>
  );
}
