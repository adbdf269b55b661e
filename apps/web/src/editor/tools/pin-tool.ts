import { changeMarkup } from '../model/history-model';
import { screenToPage } from '../model/geometry';
import { createNewPin } from './pin-helpers';
import { landsOnDraggable, type Tool } from './tool-types';

/** A press places (or moves) the markup's pin and reports it as created. */
export function createPinTool(): Tool {
  return {
    id: 'pin',
    isActive: () => false,
    pointerDown(ctx, event) {
      const state = ctx.getState();
      if (event.button !== 0 || landsOnDraggable(state, event.target)) return;
      const pin = createNewPin(screenToPage(state.viewpoint, event.screen));
      const next = changeMarkup(state, (markup) => ({
        ...markup,
        pin: { x: pin.x, y: pin.y, color: pin.color },
      }));
      ctx.setState({ ...next, pinsVisible: true });
      ctx.emit({ type: 'pinCreated', pin });
    },
    pointerMove() {},
    pointerUp() {},
    cancel() {},
  };
}
