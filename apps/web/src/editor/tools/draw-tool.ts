import type { EditorState } from '../model/editor-state';
import { screenToPage, type PagePoint } from '../model/geometry';
import { recordChange } from '../model/history-model';
import { removeShapes, upsertShape, type MarkupState } from '../model/markup-model';
import type { Shape } from '../model/shape-model';
import { isDegenerate, sizeShape, startShape, type DrawnKind } from './shape-builders';
import { landsOnDraggable, type EditorPointer, type Tool, type ToolContext } from './tool-types';

type Phase =
  | { readonly name: 'idle' }
  | {
      readonly name: 'drawing';
      readonly origin: PagePoint;
      readonly shape: Shape;
      readonly before: MarkupState;
    };

/** Press starts a shape, move sizes it, release selects it and attaches the transformer. */
export function createDrawTool(kind: DrawnKind): Tool {
  let phase: Phase = { name: 'idle' };

  const apply = (ctx: ToolContext, state: EditorState, shape: Shape) => {
    ctx.setState({ ...state, markup: upsertShape(state.markup, shape) });
  };

  return {
    id: kind,
    isActive: () => phase.name === 'drawing',
    pointerDown(ctx, event: EditorPointer) {
      const state = ctx.getState();
      if (event.button !== 0 || landsOnDraggable(state, event.target)) return;
      const origin = screenToPage(state.viewpoint, event.screen);
      const shape = startShape(kind, ctx.newId(kind), origin, state.strokeColor);
      phase = { name: 'drawing', origin, shape, before: state.markup };
      apply(ctx, { ...state, selection: [] }, shape);
    },
    pointerMove(ctx, event) {
      if (phase.name !== 'drawing') return;
      const state = ctx.getState();
      const shape = sizeShape(phase.shape, phase.origin, screenToPage(state.viewpoint, event.screen));
      phase = { ...phase, shape };
      apply(ctx, state, shape);
    },
    pointerUp(ctx, event) {
      if (phase.name !== 'drawing') return;
      const state = ctx.getState();
      const shape = sizeShape(phase.shape, phase.origin, screenToPage(state.viewpoint, event.screen));
      const before = phase.before;
      phase = { name: 'idle' };
      if (isDegenerate(shape)) {
        ctx.setState({ ...state, markup: removeShapes(state.markup, new Set([shape.id])) });
        return;
      }
      const drawn = { ...state, markup: upsertShape(state.markup, shape), selection: [shape.id] };
      ctx.setState(recordChange(drawn, before));
    },
    cancel(ctx) {
      if (phase.name !== 'drawing') return;
      const state = ctx.getState();
      ctx.setState({ ...state, markup: phase.before });
      phase = { name: 'idle' };
    },
  };
}
