import type Konva from 'konva';
import { memo, useEffect, useRef } from 'react';
import { Group, Line, Rect, Transformer } from 'react-konva';
import type { Divider } from '../model/divider-model';
import type { Size } from '../model/geometry';
import type { Pin } from '../model/markup-model';
import type { ShapeTransform } from '../model/shape-actions';
import type { EditorStore } from '../tools/editor-store';
import { PinNode } from './pin-node';
import { selectScale, useEditorSelector } from './use-editor-selector';

export const DIVIDER_NODE_NAME = 'divider';
/** Divider grab width on screen, in pixels. */
const DIVIDER_GRAB_PX = 14;

interface OverlayNodesProps {
  readonly page: Size;
  /** Read for the zoom: pins and dividers keep their screen size, so this layer re-renders on zoom (not on pan). */
  readonly store: EditorStore;
  readonly pins: readonly Pin[];
  readonly pinsVisible: boolean;
  readonly pinsListening: boolean;
  readonly dividers: readonly Divider[] | null;
  readonly selection: readonly string[];
  readonly showTransformer: boolean;
  /** Where the selected shapes' nodes are (see ActiveShapes). */
  readonly selectedGroup: Konva.Group | null;
  readonly onTransformEnd: (id: string, transform: ShapeTransform) => void;
}

function DividerNode({ divider, page, zoom }: { divider: Divider; page: Size; zoom: number }) {
  const grab = DIVIDER_GRAB_PX / zoom;
  return (
    <Group id={`divider:${divider.id}`} name={DIVIDER_NODE_NAME} x={divider.x}>
      <Rect x={-grab / 2} y={0} width={grab} height={page.height} fill="rgba(0,0,0,0.001)" />
      <Line points={[0, 0, 0, page.height]} stroke="#228be6" strokeWidth={3 / zoom} listening={false} />
      <Rect
        x={-grab / 2}
        y={page.height / 2 - 3 * grab}
        width={grab}
        height={6 * grab}
        cornerRadius={grab / 2}
        fill="#228be6"
      />
    </Group>
  );
}

function SelectionTransformer(
  props: Pick<OverlayNodesProps, 'selection' | 'selectedGroup' | 'onTransformEnd'>,
) {
  const { selection, selectedGroup, onTransformEnd } = props;
  const ref = useRef<Konva.Transformer>(null);
  useEffect(() => {
    const transformer = ref.current;
    if (!transformer || !selectedGroup) return;
    const nodes = selection.flatMap((id) => selectedGroup.findOne(`#${CSS.escape(id)}`) ?? []);
    transformer.nodes(nodes);
    transformer.getLayer()?.batchDraw();
    // Selected shapes get their Konva nodes in the same commit as the selection; zoom steps need no new nodes.
  }, [selection, selectedGroup]);
  const handleEnd = () => {
    for (const node of ref.current?.nodes() ?? []) {
      onTransformEnd(node.id(), {
        x: node.x(),
        y: node.y(),
        rotation: node.rotation(),
        scaleX: node.scaleX(),
        scaleY: node.scaleY(),
      });
    }
  };
  return <Transformer ref={ref} onTransformEnd={handleEnd} ignoreStroke flipEnabled={false} />;
}

/** Pins, compare dividers and the transformer, on the interactive layer above the selected shapes. */
export const OverlayNodes = memo(function OverlayNodes(props: OverlayNodesProps) {
  const { page, store, pins, pinsVisible, pinsListening, dividers, showTransformer } = props;
  const zoom = useEditorSelector(store, selectScale) ?? 1;
  return (
    <>
      {dividers?.map((divider) => (
        <DividerNode key={divider.id} divider={divider} page={page} zoom={zoom} />
      ))}
      {pinsVisible &&
        pins.map((pin) => <PinNode key={pin.id} pin={pin} zoom={zoom} listening={pinsListening} />)}
      {showTransformer && <SelectionTransformer {...props} />}
    </>
  );
});
