import type Konva from 'konva';
import { memo, useEffect, useLayoutEffect, useMemo, useState, type Ref } from 'react';
import { Group, Shape } from 'react-konva';
import type { Shape as MarkupShape } from '../model/shape-model';
import { listShapes, type MarkupState } from '../model/markup-model';
import { ShapeLayerPainter } from './shape-layer-painter';
import { ShapeNode } from './shape-nodes';

/**
 * Unselected shapes are drawn in one pass on the scene layer; selected ones are real Konva nodes on the
 * interactive layer, so the transformer can hold them. The editing text is a node too, hidden under the overlay.
 * Drawing order is kept: unselected first, then the selected ones, which are on top while selected anyway.
 */
export function useSplitShapes(
  markup: MarkupState,
  selection: readonly string[],
  editingTextId: string | null,
) {
  return useMemo(() => {
    const shapes = listShapes(markup);
    const picked = new Set(selection);
    if (editingTextId) picked.add(editingTextId);
    return {
      batched: shapes.filter((shape) => !picked.has(shape.id)),
      nodes: shapes.filter((shape) => picked.has(shape.id)),
    };
  }, [markup, selection, editingTextId]);
}

interface StaticShapesProps {
  readonly shapes: readonly MarkupShape[];
  readonly visible: boolean;
  /** The drawing, drawn before these shapes on the same layer (see ShapeLayerPainter). */
  readonly underlay: Konva.Group | null;
}

/**
 * The unselected shapes, on the scene layer above the drawing. The painter keeps one sceneFunc for the
 * node's life, so React never touches it: it redraws when the unselected shapes change, not on each move of a
 * dragged selection, and a pan or zoom frame costs only the layer's own redraw.
 */
export const StaticShapes = memo(function StaticShapes({ shapes, visible, underlay }: StaticShapesProps) {
  const [painter] = useState(() => new ShapeLayerPainter());
  useLayoutEffect(() => painter.setShapes(shapes), [painter, shapes]);
  useLayoutEffect(() => painter.setUnderlay(underlay), [painter, underlay]);
  useLayoutEffect(() => {
    if (!visible) painter.endGesture();
  }, [painter, visible]);
  useEffect(() => () => painter.endGesture(), [painter]);
  return (
    <Shape
      ref={painter.attach}
      visible={visible}
      listening={false}
      perfectDrawEnabled={false}
      sceneFunc={painter.sceneFunc}
    />
  );
});

interface ActiveShapesProps {
  readonly shapes: readonly MarkupShape[];
  readonly visible: boolean;
  /** The text under the overlay is hidden so it is not seen twice. */
  readonly editingTextId: string | null;
  readonly groupRef: Ref<Konva.Group>;
}

/** The selected shapes (and the editing text), at the bottom of the interactive layer; they never listen. */
export const ActiveShapes = memo(function ActiveShapes({
  shapes,
  visible,
  editingTextId,
  groupRef,
}: ActiveShapesProps) {
  return (
    <Group ref={groupRef} visible={visible} listening={false}>
      {shapes.map((shape) => (
        <ShapeNode key={shape.id} shape={shape} hidden={shape.id === editingTextId} />
      ))}
    </Group>
  );
});
