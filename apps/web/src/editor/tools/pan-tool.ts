import type { ScreenPoint } from '../model/geometry';
import { markupViewpoint, panBy } from '../model/view-actions';
import type { Tool } from './tool-types';

type Phase =
  | { readonly name: 'idle' }
  | { readonly name: 'panning'; readonly last: ScreenPoint; readonly moved: boolean };

/** Dragging moves the view; the parent hears about it once, when the drag ends. */
export function createPanTool(): Tool {
  let phase: Phase = { name: 'idle' };
  return {
    id: 'pan',
    isActive: () => phase.name === 'panning',
    pointerDown(_ctx, event) {
      phase = { name: 'panning', last: event.screen, moved: false };
    },
    pointerMove(ctx, event) {
      if (phase.name !== 'panning') return;
      const dx = event.screen.x - phase.last.x;
      const dy = event.screen.y - phase.last.y;
      ctx.setState(panBy(ctx.getState(), dx, dy));
      phase = { name: 'panning', last: event.screen, moved: phase.moved || dx !== 0 || dy !== 0 };
    },
    pointerUp(ctx) {
      const moved = phase.name === 'panning' && phase.moved;
      phase = { name: 'idle' };
      if (moved) ctx.emit({ type: 'userChangedViewpoint', viewpoint: markupViewpoint(ctx.getState()) });
    },
    cancel() {
      phase = { name: 'idle' };
    },
  };
}
