import type Konva from 'konva';
import { useCallback, useMemo, useState } from 'react';
import { Group, Layer, Stage } from 'react-konva';
import { cursorFor, shapesInteractive, type EditorState } from '../model/editor-state';
import type { Pin } from '../model/markup-model';
import type { ShapeTransform } from '../model/shape-actions';
import type { EditorController } from '../tools/editor-controller';
import { markupPinAsPin } from '../tools/pin-helpers';
import { BackgroundImages, type BackgroundSource } from './background-layer';
import { useCanvasInput } from './canvas-input';
import { ActiveShapes, StaticShapes, useSplitShapes } from './markup-layer';
import { OverlayNodes } from './overlay-layer';
import { useEditorSelector } from './use-editor-selector';
import { useViewTransform } from './use-view-transform';

interface EditorStageProps {
  readonly controller: EditorController;
  /** Everything but the viewpoint, which may be behind (see useEditorController). */
  readonly state: EditorState;
  readonly sources: readonly BackgroundSource[];
}

/** Rounds to a power of two so the background is re-rendered only when a different copy is needed. */
function selectLevelOfDetail(state: EditorState): number {
  const ratio = state.viewpoint.scale * (window.devicePixelRatio || 1);
  return 2 ** Math.ceil(Math.log2(Math.max(ratio, 1e-6)));
}

function usePins(state: EditorState): Pin[] {
  const { pins, markup } = state;
  return useMemo(() => (markup.pin ? [...pins, markupPinAsPin(markup.pin)] : [...pins]), [pins, markup.pin]);
}

/**
 * The Konva stage: it draws the state and reports what is under the pointer, nothing more. Panning and zooming
 * do not re-render it: the stage transform follows the viewpoint imperatively (useViewTransform), the overlay
 * reads the zoom for the pins' and dividers' size, and the background re-renders when its level of detail changes.
 *
 * Two layers, i.e. two canvases, because every canvas that changes in a frame is uploaded and composited again:
 * the scene (drawing and unselected shapes; it never listens, a hit canvas of every shape would be redrawn on
 * each pan and zoom frame, see hit-test.ts) and the interactive layer (selected shapes, dividers, pins and the
 * transformer), so that dragging or transforming the selection redraws only the latter.
 */
export function EditorStage({ controller, state, sources }: EditorStageProps) {
  const [stage, setStage] = useState<Konva.Stage | null>(null);
  const [selectedGroup, setSelectedGroup] = useState<Konva.Group | null>(null);
  const [drawing, setDrawing] = useState<Konva.Group | null>(null);
  useCanvasInput(stage, controller);
  useViewTransform(stage, controller.store);
  const lodScale = useEditorSelector(controller.store, selectLevelOfDetail) ?? 1;
  const pins = usePins(state);
  const { batched, nodes } = useSplitShapes(state.markup, state.selection, state.editingTextId);
  const { viewSize, markupVisible } = state;
  const onTransformEnd = useCallback(
    (id: string, transform: ShapeTransform) => controller.transform(id, transform),
    [controller],
  );
  return (
    <Stage
      ref={setStage}
      width={viewSize.width}
      height={viewSize.height}
      style={{ cursor: cursorFor(state.tool), touchAction: 'none' }}
      data-testid="editor-stage"
    >
      <Layer listening={false}>
        <Group ref={setDrawing}>
          <BackgroundImages
            page={state.pageSize}
            sources={sources}
            compare={state.compare}
            offset={state.backgroundOffset}
            lodScale={lodScale}
          />
        </Group>
        <StaticShapes shapes={batched} visible={markupVisible} underlay={drawing} />
      </Layer>
      <Layer>
        <ActiveShapes
          shapes={nodes}
          visible={markupVisible}
          editingTextId={state.editingTextId}
          groupRef={setSelectedGroup}
        />
        <OverlayNodes
          page={state.pageSize}
          store={controller.store}
          pins={pins}
          pinsVisible={state.pinsVisible}
          pinsListening={shapesInteractive(state)}
          dividers={state.compare?.mode === 'split' ? state.compare.dividers : null}
          selection={state.selection}
          showTransformer={state.editing && markupVisible && state.editingTextId === null}
          selectedGroup={selectedGroup}
          onTransformEnd={onTransformEnd}
        />
      </Layer>
    </Stage>
  );
}
