import { Alert, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { memo, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissWarning, type EditorState } from '../model/editor-state';
import { canRedo, canUndo } from '../model/history-model';
import { findShape, type Pin } from '../model/markup-model';
import type { TextShape } from '../model/shape-model';
import { loadMarkup } from '../model/markup-schema';
import { EDITOR_PANEL_WIDTH, EditorPanel } from '../panel/editor-panel';
import { EditorToolbar } from '../panel/editor-toolbar';
import type { EditorController } from '../tools/editor-controller';
import { EditorStage } from './editor-stage';
import { buildOutput, renderMarkedUp, type MarkupOutput } from './export-markup';
import { TextOverlay } from './text-overlay';
import { useBackgroundSources, useLoadedImages } from './use-background-sources';
import { useEditorController, type EditorEventHandlers } from './use-editor-controller';
import { selectViewpoint, useEditorSelector } from './use-editor-selector';
import { useViewSize } from './use-view-size';
import { useBackgroundPixels } from './use-background-pixels';

export interface EditorImage {
  readonly src: string;
  readonly title?: string;
}

/** What a host can ask of the editor. */
export interface MarkupEditorHandle {
  /** The output, or null when saving is blocked (a text is being edited) or nothing is loaded. */
  save(): MarkupOutput | null;
  readonly controller: EditorController | null;
}

export interface MarkupEditorProps extends EditorEventHandlers {
  /** One image, or two for compare mode. */
  readonly images: readonly EditorImage[];
  /** Saved markup JSON in any version; it is validated and migrated. */
  readonly markUp?: unknown;
  readonly editing?: boolean;
  readonly pins?: readonly Pin[];
  readonly height?: number | string;
  readonly ref?: Ref<MarkupEditorHandle>;
}

const NO_PINS: readonly Pin[] = [];

/** Loads images and markup, creates the controller and exposes save() to the host. */
function useMarkupEditor(props: MarkupEditorProps) {
  const { images, markUp, editing = true, pins = NO_PINS, ref, onPinCreated, onPinClicked } = props;
  const { onUserChangedViewpoint, onBackgroundImageMoved, onLinePosition } = props;
  const { t } = useTranslation('editor');
  const containerRef = useRef<HTMLDivElement>(null);
  const viewSize = useViewSize(containerRef);
  const urls = useMemo(() => images.map((image) => image.src), [images]);
  const loaded = useLoadedImages(urls);
  const loadResult = useMemo(() => loadMarkup(markUp), [markUp]);
  const first = loaded.status === 'ready' ? loaded.loaded[0] : undefined;
  const readPixels = useBackgroundPixels(loaded);
  const handlers = {
    onPinCreated,
    onPinClicked,
    onUserChangedViewpoint,
    onBackgroundImageMoved,
    onLinePosition,
  };
  const { controller, state } = useEditorController({
    pageSize: first?.size ?? null,
    viewSize,
    markup: loadResult.markup,
    editing,
    pins,
    compare: images.length > 1,
    handlers,
    defaultText: () => t('text.default'),
    readPixels,
  });
  const sources = useBackgroundSources(loaded, state?.compare ?? null);
  useImperativeHandle(
    ref,
    () => ({
      controller,
      save() {
        if (!controller || !controller.requestSave()) return null;
        const current = controller.state;
        return buildOutput(current, renderMarkedUp(current, first?.levels[0]));
      },
    }),
    [controller, first],
  );
  return { containerRef, loaded, loadResult, controller, state, sources };
}

/**
 * The markup editor: toolbar, canvas and right-hand panel. Memoised so that a host re-rendering for its own
 * reasons (e.g. logging userChangedViewpoint on every zoom step) does not re-render the editor.
 */
export const MarkupEditor = memo(function MarkupEditor(props: MarkupEditorProps) {
  const { editing = true, height = '100%' } = props;
  const { containerRef, loaded, loadResult, controller, state, sources } = useMarkupEditor(props);
  const editingText = state?.editingTextId ? findShape(state.markup, state.editingTextId) : undefined;
  return (
    <Box
      style={{ display: 'flex', flexDirection: 'column', height, minHeight: 0 }}
      data-testid="markup-editor"
    >
      {/* The toolbar's room is kept from the first paint so the first view measured is the final one. */}
      <Box mih={editing ? 36 : 0}>
        {controller && state?.editing && <EditorToolbar controller={controller} {...toolbarProps(state)} />}
      </Box>
      <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box
          ref={containerRef}
          style={{ position: 'relative', flex: 1, minWidth: 0, overflow: 'hidden', background: '#f1f3f5' }}
        >
          <ImageStatus status={loaded.status} />
          {controller && state && <EditorStage controller={controller} state={state} sources={sources} />}
          {controller && state && editingText?.kind === 'text' && (
            <EditingText key={editingText.id} controller={controller} shape={editingText} />
          )}
          <Stack
            gap={4}
            style={{ position: 'absolute', left: 8, bottom: 8, right: 8, pointerEvents: 'none' }}
          >
            {controller && state?.warning === 'saveBlockedTextEditing' && (
              <SaveBlocked controller={controller} />
            )}
            <LoadProblems droppedItems={loadResult.droppedItems} problem={loadResult.problem} />
          </Stack>
        </Box>
        {/* The panel's room too: the editor appearing beside it would otherwise narrow the view once the first
            view was measured, and the debounced resize then moved the view by half the panel's width. */}
        {controller && state ? (
          <EditorPanel controller={controller} {...panelProps(state)} />
        ) : (
          <Box w={EDITOR_PANEL_WIDTH} style={{ flexShrink: 0 }} />
        )}
      </Box>
    </Box>
  );
});

/** The text overlay follows the view, so it reads the viewpoint itself. */
function EditingText({ controller, shape }: { controller: EditorController; shape: TextShape }) {
  const viewpoint = useEditorSelector(controller.store, selectViewpoint) ?? controller.state.viewpoint;
  return (
    <TextOverlay shape={shape} viewpoint={viewpoint} onDone={(text) => controller.finishTextEdit(text)} />
  );
}

function ImageStatus({ status }: { status: 'loading' | 'error' | 'ready' }) {
  const { t } = useTranslation('editor');
  if (status === 'ready') return null;
  return (
    <Center h="100%">
      {status === 'loading' ? (
        <Loader aria-label={t('image.loading')} />
      ) : (
        <Alert color="red" role="alert" title={t('image.loadError')} />
      )}
    </Center>
  );
}

function SaveBlocked({ controller }: { controller: EditorController }) {
  const { t } = useTranslation('editor');
  return (
    <Alert
      color="yellow"
      role="alert"
      withCloseButton
      onClose={() => controller.store.update(dismissWarning)}
      style={{ pointerEvents: 'auto' }}
    >
      {t('save.blocked')}
    </Alert>
  );
}

function LoadProblems({
  droppedItems,
  problem,
}: {
  droppedItems: number;
  problem: 'unreadable' | 'newerVersion' | null;
}) {
  const { t } = useTranslation('editor');
  if (!problem && droppedItems === 0) return null;
  return (
    <Alert color="orange" role="status" style={{ pointerEvents: 'auto' }}>
      <Text size="sm">{problem ? t(`markup.${problem}`) : t('markup.dropped', { count: droppedItems })}</Text>
    </Alert>
  );
}

function toolbarProps(state: EditorState) {
  return {
    tool: state.tool,
    strokeColor: state.strokeColor,
    undoable: canUndo(state),
    redoable: canRedo(state),
    hasSelection: state.selection.length > 0,
  };
}

function panelProps(state: EditorState) {
  return {
    pinsVisible: state.pinsVisible,
    markupVisible: state.markupVisible,
    compare: state.compare,
  };
}
