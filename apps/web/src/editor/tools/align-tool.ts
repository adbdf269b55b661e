import { pagePoint, screenToPage, type PagePoint } from '../model/geometry';
import { scanLinePositions } from '../model/image-filters';
import { moveBackgroundImage } from '../model/view-actions';
import type { Tool, ToolContext } from './tool-types';

type Phase =
  | { readonly name: 'idle' }
  | {
      readonly name: 'dragging';
      readonly start: PagePoint;
      readonly last: PagePoint;
      readonly moved: boolean;
    };

/** A click finds the nearest drawn line around the point, within the image's own pixels. */
function reportLines(ctx: ToolContext, at: PagePoint) {
  const pixels = ctx.readBackgroundPixels();
  if (!pixels) return;
  const { backgroundOffset } = ctx.getState();
  const positions = scanLinePositions(pixels, at.x - backgroundOffset.x, at.y - backgroundOffset.y).map(
    (found) => ({
      ...found,
      x: found.x + backgroundOffset.x,
      y: found.y + backgroundOffset.y,
    }),
  );
  ctx.emit({ type: 'linePosition', from: at, positions });
}

/** Drags the top background image under the markup (or over the other image when comparing). */
export function createAlignTool(): Tool {
  let phase: Phase = { name: 'idle' };
  return {
    id: 'alignBackgroundImage',
    isActive: () => phase.name === 'dragging',
    pointerDown(ctx, event) {
      if (event.button !== 0 || event.target.kind === 'divider' || event.target.kind === 'transformer')
        return;
      const at = screenToPage(ctx.getState().viewpoint, event.screen);
      phase = { name: 'dragging', start: at, last: at, moved: false };
    },
    pointerMove(ctx, event) {
      if (phase.name !== 'dragging') return;
      const at = screenToPage(ctx.getState().viewpoint, event.screen);
      const dx = at.x - phase.last.x;
      const dy = at.y - phase.last.y;
      ctx.setState(moveBackgroundImage(ctx.getState(), dx, dy));
      phase = { ...phase, last: at, moved: phase.moved || dx !== 0 || dy !== 0 };
    },
    pointerUp(ctx) {
      const done = phase;
      phase = { name: 'idle' };
      if (done.name !== 'dragging') return;
      if (done.moved) {
        ctx.emit({ type: 'backgroundImageMoved', offset: ctx.getState().backgroundOffset });
        return;
      }
      reportLines(ctx, pagePoint(done.start.x, done.start.y));
    },
    cancel(ctx) {
      if (phase.name === 'dragging') {
        const state = ctx.getState();
        ctx.setState(moveBackgroundImage(state, phase.start.x - phase.last.x, phase.start.y - phase.last.y));
      }
      phase = { name: 'idle' };
    },
  };
}
