import { screenToPage } from '../model/geometry';
import { changeMarkup } from '../model/history-model';
import { upsertShape } from '../model/markup-model';
import { createText } from '../model/shape-model';
import { landsOnDraggable, type Tool } from './tool-types';

/** A press writes the locale's default text, opens the overlay on it and returns to select (spec §4.1). */
export function createTextTool(): Tool {
  return {
    id: 'text',
    isActive: () => false,
    pointerDown(ctx, event) {
      const state = ctx.getState();
      if (event.button !== 0 || landsOnDraggable(state, event.target)) return;
      const at = screenToPage(state.viewpoint, event.screen);
      const shape = createText(
        ctx.newId('text'),
        at,
        state.strokeColor,
        ctx.defaultText(),
        state.viewpoint.scale,
      );
      const next = changeMarkup(state, (markup) => upsertShape(markup, shape));
      ctx.setState({ ...next, tool: 'select', selection: [shape.id], editingTextId: shape.id });
    },
    pointerMove() {},
    pointerUp() {},
    cancel() {},
  };
}
