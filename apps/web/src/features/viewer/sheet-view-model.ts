// The sheet's view (zoom and pan) outside React (issue 29): each input of sheet-canvas.tsx is an action on the view,
// so a session of zooms and pans is tested without a browser (document-viewer-model.test.ts).
import { ZOOM_FACTOR } from '../../editor/model/editor-constants.ts';
import { sliderToScale, wheelScale } from '../../editor/model/zoom-model.ts';
import { fitView, zoomAround, type Extent, type SheetView } from './sheet-paint.ts';

/** Keyboard pan step (px). */
export const PAN_STEP = 60;

/** The zoom steps of a zoom button or key (each one ZOOM_FACTOR). */
export const ZOOM_STEPS = 5;

export type SheetViewAction =
  /** Zoom buttons and keys: steps of ZOOM_FACTOR around the centre of the view. */
  | { readonly type: 'zoom'; readonly steps: number; readonly size: Extent }
  /** The zoom slider (10–100), around the centre of the view. */
  | { readonly type: 'slider'; readonly value: number; readonly size: Extent }
  /** The wheel, around the pointer (spec editor §4.3). */
  | {
      readonly type: 'wheel';
      readonly deltaY: number;
      readonly at: { readonly x: number; readonly y: number };
    }
  /** The whole page in the view. */
  | { readonly type: 'fit'; readonly page: Extent; readonly size: Extent }
  /** Arrow keys: the sheet moves by (dx, dy). */
  | { readonly type: 'pan'; readonly dx: number; readonly dy: number }
  /** A mouse drag: the view it started from, moved by the pointer's travel. */
  | { readonly type: 'drag'; readonly from: SheetView; readonly dx: number; readonly dy: number }
  /** A view the touch gestures computed. */
  | { readonly type: 'set'; readonly view: SheetView };

export function sheetViewReducer(view: SheetView, action: SheetViewAction): SheetView {
  switch (action.type) {
    case 'zoom':
      return zoomAround(view, view.scale * ZOOM_FACTOR ** action.steps, centreOf(action.size));
    case 'slider':
      return zoomAround(view, sliderToScale(action.value), centreOf(action.size));
    case 'wheel':
      return zoomAround(view, wheelScale(view.scale, action.deltaY), action.at);
    case 'fit':
      return fitView(action.page.width, action.page.height, action.size.width, action.size.height);
    case 'pan':
      return { ...view, x: view.x + action.dx, y: view.y + action.dy };
    case 'drag':
      return { ...action.from, x: action.from.x + action.dx, y: action.from.y + action.dy };
    case 'set':
      return { scale: action.view.scale, x: action.view.x, y: action.view.y };
  }
}

function centreOf(size: Extent): { x: number; y: number } {
  return { x: size.width / 2, y: size.height / 2 };
}

/** The view action of a key on the sheet (+ = − 0 and the arrows), or null for another key. */
export function sheetKeyAction(key: string, page: Extent, size: Extent): SheetViewAction | null {
  switch (key) {
    case '+':
    case '=':
      return { type: 'zoom', steps: ZOOM_STEPS, size };
    case '-':
      return { type: 'zoom', steps: -ZOOM_STEPS, size };
    case '0':
      return { type: 'fit', page, size };
    case 'ArrowLeft':
      return { type: 'pan', dx: PAN_STEP, dy: 0 };
    case 'ArrowRight':
      return { type: 'pan', dx: -PAN_STEP, dy: 0 };
    case 'ArrowUp':
      return { type: 'pan', dx: 0, dy: PAN_STEP };
    case 'ArrowDown':
      return { type: 'pan', dx: 0, dy: -PAN_STEP };
    default:
      return null;
  }
}
