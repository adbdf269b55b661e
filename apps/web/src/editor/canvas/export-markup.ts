import { EXPORT_MAX_HEIGHT, EXPORT_MAX_WIDTH } from '../model/editor-constants';
import type { EditorState } from '../model/editor-state';
import { fitWithin } from '../model/image-size';
import { listShapes, type MarkupPin, type MarkupViewpoint } from '../model/markup-model';
import { serializeMarkup, type MarkupDocument } from '../model/markup-schema';
import { markupViewpoint } from '../model/view-actions';
import { drawShapes } from './draw-shapes';
import type { PyramidLevel } from './image-pyramid';

/** What saving produces (spec §3.2). */
export interface MarkupOutput {
  readonly markUp: MarkupDocument;
  readonly pin: MarkupPin | null;
  readonly markedUpDataUrl: string;
  readonly viewpoint: MarkupViewpoint;
}

/**
 * Renders the first background image at full resolution (capped at 4096 px) with every shape on top, drawn by
 * the same code as the scene on screen. The markup is drawn even when hidden on screen: hiding is a viewing
 * choice, not an edit.
 */
export function renderMarkedUp(state: EditorState, background: PyramidLevel | undefined): string {
  const size = fitWithin(state.pageSize, EXPORT_MAX_WIDTH, EXPORT_MAX_HEIGHT);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, size.width);
  canvas.height = Math.max(1, size.height);
  const context = canvas.getContext('2d');
  if (!context) return canvas.toDataURL('image/png');
  const ratio = size.width / state.pageSize.width;
  context.fillStyle = 'white';
  context.fillRect(0, 0, canvas.width, canvas.height);
  if (background) {
    const { x, y } = state.compare ? { x: 0, y: 0 } : state.backgroundOffset;
    context.drawImage(background.canvas, x * ratio, y * ratio, canvas.width, canvas.height);
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  drawShapes(context, listShapes(state.markup));
  return canvas.toDataURL('image/png');
}

export function buildOutput(state: EditorState, markedUpDataUrl: string): MarkupOutput {
  const viewpoint = markupViewpoint(state);
  return {
    markUp: serializeMarkup({ ...state.markup, viewpoint }),
    pin: state.markup.pin,
    markedUpDataUrl,
    viewpoint,
  };
}
