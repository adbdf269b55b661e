import type Konva from 'konva';
import { shapesInteractive, type EditorState } from '../model/editor-state';
import { screenPoint, screenToPage, type ScreenPoint } from '../model/geometry';
import { shapeAt } from '../model/hit-test';
import type { PointerTarget } from '../tools/tool-types';
import { DIVIDER_NODE_NAME } from './overlay-layer';
import { PIN_NODE_NAME } from './pin-node';
import { SHAPE_NODE_NAME } from './shape-nodes';

/**
 * Names what is under a screen point: Konva's hit graph answers for the few interactive nodes (transformer, pins,
 * dividers); markup shapes, which never listen in Konva, are found by the model's geometry.
 */
export function hitTarget(stage: Konva.Stage, point: ScreenPoint, state: EditorState): PointerTarget {
  const found = konvaTarget(stage, point);
  if (found.kind !== 'background' || !shapesInteractive(state) || !state.markupVisible) return found;
  const shape = shapeAt(state.markup, screenToPage(state.viewpoint, point), state.viewpoint.scale);
  return shape ? { kind: 'shape', id: shape.id } : found;
}

function konvaTarget(stage: Konva.Stage, point: ScreenPoint): PointerTarget {
  let node: Konva.Node | null = stage.getIntersection(point);
  while (node && node !== stage) {
    if (node.getClassName() === 'Transformer') return { kind: 'transformer' };
    if (node.hasName(SHAPE_NODE_NAME)) return { kind: 'shape', id: node.id() };
    if (node.hasName(PIN_NODE_NAME)) return { kind: 'pin', id: node.id().replace(/^pin-/, '') };
    if (node.hasName(DIVIDER_NODE_NAME)) return { kind: 'divider', id: node.id().replace(/^divider:/, '') };
    node = node.getParent();
  }
  return { kind: 'background' };
}

/** A client position relative to the canvas container. */
export function toScreen(container: HTMLElement, clientX: number, clientY: number): ScreenPoint {
  const rect = container.getBoundingClientRect();
  return screenPoint(clientX - rect.left, clientY - rect.top);
}
