import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconMapPinPlus, IconTrash } from '@tabler/icons-react';
import {
  DEFAULT_OVERLAY_FILTERS,
  alignmentFromPairs,
  applyAlignment,
  createDividers,
  dragDivider,
  invertAlignment,
  pinsForRevision,
  type Divider,
  type DocumentPin,
  type OverlayFilters,
  type PointPair,
  type SheetPoint,
  type SheetPosition,
  type ShownPin,
} from '@obra/domain';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkupControls } from './markup-controls.tsx';
import { MarkupDialog } from './markup-dialog.tsx';
import { alignedPage, overlayPage } from './overlay-render.ts';
import { SheetCanvas, type SheetLayer } from './sheet-canvas.tsx';
import type { RenderedPage } from './sheet-source.ts';
import { usePage, useSheet, type SheetState } from './use-sheets.ts';
import { useSavedAlignment, type AlignmentStore } from './use-saved-alignment.ts';
import { useSheetMarkups, type MarkupStore } from './use-sheet-markups.ts';
import { type ViewerDocument, type ViewerRevision } from './viewer-api.ts';

/** What is shown: one sheet, or two laid over each other or side by side (spec editor §2.1, §4.4). */
export type CompareMode = 'single' | 'overlay' | 'sideBySide';

/** One sheet source: a revision of a document. */
export interface SheetChoice {
  readonly documentId: number;
  readonly revision: string;
}

/** Where a pin was placed, for the host to create an issue there. */
export interface PinPlacement {
  readonly document: ViewerDocument;
  readonly revision: ViewerRevision;
  readonly page: number;
  readonly position: SheetPosition;
  /** The page drawn, for the issue's image. */
  readonly pageBitmap: RenderedPage;
}

export { alignmentPair, type AlignmentStore } from './use-saved-alignment.ts';

export type { MarkupStore } from './use-sheet-markups.ts';

export interface DocumentViewerProps {
  readonly documents: readonly ViewerDocument[];
  readonly initial: {
    readonly base: SheetChoice | null;
    readonly compared: SheetChoice | null;
    readonly page: number;
    readonly mode?: CompareMode;
  };
  readonly pinsOf?: (documentId: number) => Promise<DocumentPin[]>;
  readonly onPinClick?: (pin: ShownPin) => void;
  readonly onPlacePin?: (placement: PinPlacement) => void;
  readonly onNavigate?: (state: { base: SheetChoice; page: number }) => void;
  readonly onRemoveDocument?: (documentId: number) => void;
  readonly alignments?: AlignmentStore;
  readonly markups?: MarkupStore;
  /** Whether the user may draw markups (an active project); without it markups are shown only. */
  readonly canMarkup?: boolean;
}

function latest(document: ViewerDocument | undefined): string | null {
  return document?.revisions[0]?.revisionName ?? null;
}

function revisionOf(documents: readonly ViewerDocument[], choice: SheetChoice | null): ViewerRevision | null {
  if (!choice) return null;
  const doc = documents.find((d) => d.id === choice.documentId);
  return doc?.revisions.find((r) => r.revisionName.toLowerCase() === choice.revision.toLowerCase()) ?? null;
}

function choiceKey(choice: SheetChoice | null): string {
  return choice ? `${choice.documentId}:${choice.revision}` : '';
}

function parseChoice(value: string | null): SheetChoice | null {
  if (!value) return null;
  const at = value.indexOf(':');
  return { documentId: Number(value.slice(0, at)), revision: value.slice(at + 1) };
}

/** The default choices: the first document's latest revision; to compare, the next document or the previous revision. */
export function defaultChoices(documents: readonly ViewerDocument[]): {
  base: SheetChoice | null;
  compared: SheetChoice | null;
} {
  const [first, second] = documents;
  const baseRevision = latest(first);
  const base = first && baseRevision ? { documentId: first.id, revision: baseRevision } : null;
  const secondRevision = latest(second);
  if (second && secondRevision)
    return { base, compared: { documentId: second.id, revision: secondRevision } };
  const previous = first?.revisions[1]?.revisionName;
  return { base, compared: first && previous ? { documentId: first.id, revision: previous } : null };
}

/**
 * The document viewer: page navigation and indicator, revision switch with the "not the latest" warning, zoom and
 * pan, the pins of the issues the user sees (carried over to newer revisions), overlay and side-by-side compare
 * with the two dividers, and the two-point-pair align tool.
 */
export function DocumentViewer(props: DocumentViewerProps) {
  const { documents } = props;
  const { t } = useTranslation('viewer');
  const [base, setBase] = useState<SheetChoice | null>(props.initial.base);
  const [compared, setCompared] = useState<SheetChoice | null>(props.initial.compared);
  const [mode, setMode] = useState<CompareMode>(
    props.initial.mode ?? (props.initial.compared && documents.length > 1 ? 'overlay' : 'single'),
  );
  const [page, setPage] = useState(props.initial.page);
  const [filters, setFilters] = useState<OverlayFilters>(DEFAULT_OVERLAY_FILTERS);
  const [aligning, setAligning] = useState<SheetPoint[] | null>(null);
  const [placing, setPlacing] = useState(false);
  const [dividers, setDividers] = useState<Divider[] | null>(null);
  const [pins, setPins] = useState<DocumentPin[]>([]);

  const baseDoc = documents.find((d) => d.id === base?.documentId);
  const baseRevision = revisionOf(documents, base);
  const comparedRevision = mode === 'single' ? null : revisionOf(documents, compared);
  const baseSheet = useSheet(baseRevision);
  const comparedSheet = useSheet(comparedRevision);
  const pageCount = baseSheet.status === 'ready' ? baseSheet.sheet.pageCount : 1;
  const shownPage = Math.min(Math.max(1, page), pageCount);
  const basePage = usePage(baseSheet, shownPage);
  const comparedPageCount = comparedSheet.status === 'ready' ? comparedSheet.sheet.pageCount : 1;
  const comparedPage = usePage(comparedSheet, Math.min(shownPage, comparedPageCount));

  const { onNavigate, pinsOf, alignments } = props;
  const baseReady = baseSheet.status === 'ready';
  useEffect(() => {
    if (base && baseReady) onNavigate?.({ base, page: shownPage });
  }, [base, baseReady, shownPage, onNavigate]);

  // Pins of the base document.
  const baseDocumentId = base?.documentId ?? null;
  useEffect(() => {
    if (baseDocumentId === null || !pinsOf) return;
    let live = true;
    pinsOf(baseDocumentId).then(
      (found) => live && setPins(found),
      () => live && setPins([]),
    );
    return () => {
      live = false;
    };
  }, [baseDocumentId, pinsOf]);
  const shownPins = useMemo(() => {
    if (!baseDoc || !base || mode !== 'single') return [];
    const oldestFirst = baseDoc.revisions.map((r) => r.revisionName).reverse();
    return pinsForRevision(pins, oldestFirst, { revision: base.revision, page: shownPage });
  }, [pins, baseDoc, base, shownPage, mode]);

  // Markups of the base document: mine and those shared with issues I see, carried over like pins.
  const markupStore = props.markups;
  const markups = useSheetMarkups(markupStore, mode === 'single' ? baseDoc : undefined, base, shownPage);

  // The saved alignment of the pair: two documents, or two revisions of one document.
  const { alignment, keepAlignment, resetAlignment } = useSavedAlignment(
    alignments,
    mode === 'single' ? null : base,
    compared,
  );

  const basePageReady = basePage && basePage !== 'error' ? basePage : null;
  const comparedPageReady = comparedPage && comparedPage !== 'error' ? comparedPage : null;
  const pageWidth = basePageReady?.width ?? 0;
  useEffect(() => {
    setDividers(mode === 'sideBySide' && pageWidth > 0 ? createDividers(pageWidth) : null);
  }, [mode, pageWidth]);

  const composed = useMemo(() => {
    if (!basePageReady || !comparedPageReady || mode === 'single') return null;
    const aligned = alignedPage(basePageReady, comparedPageReady, alignment);
    return { aligned, overlay: overlayPage(basePageReady, aligned, filters) };
  }, [basePageReady, comparedPageReady, alignment, filters, mode]);

  const layers = useMemo((): SheetLayer[] => {
    if (!basePageReady) return [];
    const scale = basePageReady.renderScale;
    if (mode === 'single' || !composed) return [{ canvas: basePageReady.canvas, renderScale: scale }];
    const white = whitePaper(basePageReady);
    if (mode === 'overlay')
      return [
        { canvas: white, renderScale: scale },
        { canvas: composed.overlay, renderScale: scale },
      ];
    const [first, second] = dividers ?? createDividers(basePageReady.width);
    const d1 = first?.x ?? 0;
    const d2 = second?.x ?? basePageReady.width;
    return [
      { canvas: basePageReady.canvas, renderScale: scale, clip: { from: 0, to: d1 } },
      { canvas: white, renderScale: scale, clip: { from: d1, to: d2 } },
      { canvas: composed.overlay, renderScale: scale, clip: { from: d1, to: d2 } },
      { canvas: composed.aligned, renderScale: scale, clip: { from: d2, to: basePageReady.width } },
    ];
  }, [basePageReady, composed, mode, dividers]);

  // Sharp tiles at deep zoom for the single sheet (a comparison is composed from the page bitmaps).
  const baseTileSource = baseSheet.status === 'ready' ? baseSheet.sheet.tiles : null;
  const baseRenderScale = basePageReady?.renderScale ?? null;
  const tiles = useMemo(
    () =>
      mode === 'single' && baseTileSource && baseRenderScale !== null
        ? { source: baseTileSource, page: shownPage, renderScale: baseRenderScale }
        : null,
    [mode, baseTileSource, baseRenderScale, shownPage],
  );

  const sources = useMemo(
    () =>
      documents.flatMap((doc) =>
        doc.revisions.map((r) => ({
          value: choiceKey({ documentId: doc.id, revision: r.revisionName }),
          label: documents.length > 1 ? `${doc.name} · ${r.revisionName}` : r.revisionName,
        })),
      ),
    [documents],
  );
  const canCompare = sources.length > 1;

  const finishAlign = (points: SheetPoint[]) => {
    const [c1, b1, c2, b2] = points;
    if (!c1 || !b1 || !c2 || !b2) return;
    // Compared points were clicked where the compared sheet is shown now: back to its own page units.
    const inverse = invertAlignment(alignment);
    const pairs: [PointPair, PointPair] = [
      { compared: applyAlignment(inverse, c1), base: b1 },
      { compared: applyAlignment(inverse, c2), base: b2 },
    ];
    const found = alignmentFromPairs(pairs[0], pairs[1]);
    setAligning(null);
    if (!found) return;
    keepAlignment(found);
  };
  const resetAlign = resetAlignment;

  const onPick = (point: SheetPoint) => {
    if (aligning) {
      const next = [...aligning, point];
      if (next.length >= 4) finishAlign(next);
      else setAligning(next);
      return;
    }
    if (placing && basePageReady && baseDoc && baseRevision) {
      setPlacing(false);
      props.onPlacePin?.({
        document: baseDoc,
        revision: baseRevision,
        page: shownPage,
        position: { x: point.x / basePageReady.width, y: point.y / basePageReady.height },
        pageBitmap: basePageReady,
      });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'PageDown') setPage(Math.min(pageCount, shownPage + 1));
    else if (event.key === 'PageUp') setPage(Math.max(1, shownPage - 1));
    else if (event.key === 'Escape') {
      setAligning(null);
      setPlacing(false);
    } else return;
    event.preventDefault();
  };

  if (!baseDoc || !base) return <Alert color="yellow">{t('noRevisions')}</Alert>;
  const latestName = latest(baseDoc);
  const notLatest = latestName !== null && latestName.toLowerCase() !== base.revision.toLowerCase();
  const alignStep = aligning ? aligning.length : -1;

  return (
    <Stack
      gap="xs"
      style={{ flex: 1, minHeight: 0 }}
      onKeyDown={onKeyDown}
      data-testid="document-viewer"
      data-page-source={basePageReady?.source ?? ''}
    >
      <Group gap="xs" wrap="wrap">
        <Select
          aria-label={t('revision.label')}
          data-testid="revision-select"
          value={choiceKey(base)}
          data={sources}
          allowDeselect={false}
          onChange={(value) => {
            const choice = parseChoice(value);
            if (choice) setBase(choice);
          }}
          w={240}
        />
        {canCompare && (
          <SegmentedControl
            aria-label={t('compare.mode')}
            value={mode}
            onChange={(value) => {
              setMode(value as CompareMode);
              setAligning(null);
              setPlacing(false);
              if (value !== 'single' && (!compared || choiceKey(compared) === choiceKey(base)))
                setCompared(
                  parseChoice(sources.find((source) => source.value !== choiceKey(base))?.value ?? null),
                );
            }}
            data={[
              { value: 'single', label: t('compare.single') },
              { value: 'overlay', label: t('compare.overlay') },
              { value: 'sideBySide', label: t('compare.sideBySide') },
            ]}
          />
        )}
        {mode !== 'single' && (
          <Select
            aria-label={t('compare.with')}
            data-testid="compared-select"
            value={choiceKey(compared)}
            data={sources.filter((s) => s.value !== choiceKey(base))}
            allowDeselect={false}
            onChange={(value) => setCompared(parseChoice(value))}
            w={240}
          />
        )}
        <Group gap={4} wrap="nowrap" ml="auto">
          <ActionIcon
            variant="subtle"
            aria-label={t('page.previous')}
            disabled={shownPage <= 1}
            onClick={() => setPage(shownPage - 1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <NumberInput
            aria-label={t('page.number')}
            data-testid="page-input"
            value={shownPage}
            min={1}
            max={pageCount}
            clampBehavior="strict"
            allowDecimal={false}
            hideControls
            w={60}
            onChange={(value) => typeof value === 'number' && setPage(value)}
          />
          <Text size="sm" data-testid="page-indicator" aria-live="polite">
            {t('page.indicator', { page: shownPage, count: pageCount })}
          </Text>
          <ActionIcon
            variant="subtle"
            aria-label={t('page.next')}
            disabled={shownPage >= pageCount}
            onClick={() => setPage(shownPage + 1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      {notLatest && (
        <Alert color="yellow" data-testid="not-latest" p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('revision.notLatest', { revision: base.revision, latest: latestName })}</Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => setBase({ documentId: base.documentId, revision: latestName })}
            >
              {t('revision.openLatest')}
            </Button>
          </Group>
        </Alert>
      )}
      {mode !== 'single' && (
        <Group gap="md" wrap="wrap">
          <Switch
            label={t('compare.whiteToTransparent')}
            checked={filters.whiteToTransparent}
            onChange={(event) => setFilters({ ...filters, whiteToTransparent: event.currentTarget.checked })}
          />
          <Switch
            label={t('compare.liftNearBlack')}
            checked={filters.liftNearBlack}
            onChange={(event) => setFilters({ ...filters, liftNearBlack: event.currentTarget.checked })}
          />
          <Group gap={6}>
            <Badge color="red" variant="light">
              {t('compare.legendBase')}
            </Badge>
            <Badge color="cyan" variant="light">
              {t('compare.legendCompared')}
            </Badge>
            <Badge color="dark" variant="light">
              {t('compare.legendCommon')}
            </Badge>
          </Group>
          <Button
            size="xs"
            variant={aligning ? 'filled' : 'light'}
            onClick={() => setAligning(aligning ? null : [])}
            data-testid="align-button"
          >
            {t('align.start')}
          </Button>
          <Button size="xs" variant="subtle" onClick={resetAlign}>
            {t('align.reset')}
          </Button>
        </Group>
      )}
      {aligning && (
        <Alert color="orange" p="xs" data-testid="align-step">
          {t(`align.step${alignStep}`)}
        </Alert>
      )}
      {mode === 'single' && ((props.onPlacePin && baseRevision && basePageReady) || markupStore) && (
        <Group gap="xs" wrap="wrap">
          {markupStore && (
            <MarkupControls
              state={markups.markupList}
              shown={markups.shownMarkups}
              visible={markups.markupsVisible}
              canDraw={Boolean(props.canMarkup && basePageReady)}
              onVisible={markups.setMarkupsVisible}
              onDraw={() => markups.setMarkupEdit({ markup: null })}
              onEdit={(markup) => markups.setMarkupEdit({ markup })}
              onDelete={markups.removeMarkup}
              onRetry={markups.reloadMarkups}
            />
          )}
          {props.onPlacePin && baseRevision && basePageReady && (
            <Button
              size="xs"
              variant={placing ? 'filled' : 'light'}
              leftSection={<IconMapPinPlus size={16} />}
              onClick={() => setPlacing(!placing)}
              data-testid="place-pin"
            >
              {placing ? t('pins.placing') : t('pins.place')}
            </Button>
          )}
        </Group>
      )}
      {markups.markupEdit && markupStore && basePageReady && (
        <MarkupDialog
          page={basePageReady}
          markup={markups.markupEdit.markup}
          searchIssues={markupStore.searchIssues}
          onSave={markups.saveMarkup}
          onClose={() => markups.setMarkupEdit(null)}
        />
      )}
      <SheetBody
        state={baseSheet}
        page={basePage}
        comparedState={comparedRevision ? comparedSheet : null}
        documents={documents}
        onRemoveDocument={props.onRemoveDocument}
        failedId={
          baseSheet.status === 'error'
            ? base.documentId
            : comparedSheet.status === 'error'
              ? (compared?.documentId ?? null)
              : null
        }
      >
        {basePageReady && (
          <SheetCanvas
            width={basePageReady.width}
            height={basePageReady.height}
            layers={layers}
            tiles={tiles}
            pins={shownPins}
            markups={markups.sheetMarkups}
            markers={aligning ?? []}
            dividers={mode === 'sideBySide' ? dividers : null}
            onDividerDrag={(id, x) =>
              setDividers((d) => (d ? dragDivider(d, id, x, basePageReady.width) : d))
            }
            onPick={aligning || placing ? onPick : undefined}
            onPinClick={props.onPinClick}
            picking={Boolean(aligning) || placing}
            fitKey={`${base.documentId}:${shownPage}:${mode}`}
            label={t('sheet.label', { name: baseDoc.name, revision: base.revision, page: shownPage })}
          />
        )}
      </SheetBody>
    </Stack>
  );
}

const paperCache = new WeakMap<HTMLCanvasElement, HTMLCanvasElement>();

/** White paper the size of a page, under a transparent overlay. */
function whitePaper(page: RenderedPage): HTMLCanvasElement {
  const found = paperCache.get(page.canvas);
  if (found) return found;
  const canvas = document.createElement('canvas');
  canvas.width = page.canvas.width;
  canvas.height = page.canvas.height;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  paperCache.set(page.canvas, canvas);
  return canvas;
}

/** Loading, error and unsupported states around the sheet. */
function SheetBody(props: {
  state: SheetState;
  page: RenderedPage | null | 'error';
  comparedState: SheetState | null;
  documents: readonly ViewerDocument[];
  failedId: number | null;
  onRemoveDocument: ((documentId: number) => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('viewer');
  const failed =
    props.state.status === 'error' || props.page === 'error' || props.comparedState?.status === 'error';
  if (failed) {
    const doc = props.documents.find((d) => d.id === props.failedId);
    return (
      <Alert color="red" role="alert" title={t('errors.loadTitle')} data-testid="viewer-load-error">
        <Stack gap="xs">
          <Text size="sm">
            {props.documents.length > 1 ? t('errors.someDocuments') : t('errors.document')}
          </Text>
          {doc && props.onRemoveDocument && props.documents.length > 1 && (
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {doc.name}
              </Text>
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                leftSection={<IconTrash size={14} />}
                onClick={() => props.onRemoveDocument?.(doc.id)}
              >
                {t('errors.remove')}
              </Button>
            </Group>
          )}
        </Stack>
      </Alert>
    );
  }
  if (props.state.status === 'unsupported' || props.comparedState?.status === 'unsupported')
    return <Alert color="yellow">{t('errors.unsupported')}</Alert>;
  if (props.state.status === 'loading' || !props.page || props.comparedState?.status === 'loading')
    return (
      <Center style={{ flex: 1 }}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  return <>{props.children}</>;
}
