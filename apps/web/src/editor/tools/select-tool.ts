import { NEW_PIN_ID } from '../model/editor-constants';
import { screenToPage, type PagePoint } from '../model/geometry';
import { recordChange } from '../model/history-model';
import type { MarkupState } from '../model/markup-model';
import { moveShape } from '../model/shape-actions';
import { findPin, moveMarkupPin } from './pin-helpers';
import type { EditorPointer, Tool, ToolContext } from './tool-types';

type Phase =
  | { readonly name: 'idle' }
  | {
      readonly name: 'dragShapes';
      readonly ids: readonly string[];
      readonly last: PagePoint;
      readonly before: MarkupState;
    }
  | {
      readonly name: 'pressPin';
      readonly id: string;
      readonly last: PagePoint;
      readonly moved: boolean;
      readonly before: MarkupState;
    };

/** Selects and drags shapes, drags the markup's pin and reports pin clicks. */
export function createSelectTool(): Tool {
  let phase: Phase = { name: 'idle' };

  const pressShape = (ctx: ToolContext, id: string, event: EditorPointer, at: PagePoint) => {
    const state = ctx.getState();
    const already = state.selection.includes(id);
    let selection: readonly string[] = already ? state.selection : [id];
    if (event.shiftKey)
      selection = already ? state.selection.filter((item) => item !== id) : [...state.selection, id];
    ctx.setState({ ...state, selection });
    if (selection.includes(id))
      phase = { name: 'dragShapes', ids: selection, last: at, before: state.markup };
  };

  return {
    id: 'select',
    isActive: () => phase.name !== 'idle',
    pointerDown(ctx, event) {
      const state = ctx.getState();
      if (event.button !== 0 || !state.editing) return;
      const at = screenToPage(state.viewpoint, event.screen);
      const { target } = event;
      if (target.kind === 'shape') pressShape(ctx, target.id, event, at);
      else if (target.kind === 'pin')
        phase = { name: 'pressPin', id: target.id, last: at, moved: false, before: state.markup };
      else if (target.kind === 'background' && !event.shiftKey) ctx.setState({ ...state, selection: [] });
    },
    pointerMove(ctx, event) {
      if (phase.name === 'idle') return;
      let state = ctx.getState();
      const at = screenToPage(state.viewpoint, event.screen);
      const dx = at.x - phase.last.x;
      const dy = at.y - phase.last.y;
      if (phase.name === 'dragShapes') {
        for (const id of phase.ids) state = moveShape(state, id, dx, dy);
        phase = { ...phase, last: at };
      } else if (phase.id === NEW_PIN_ID) {
        state = moveMarkupPin(state, dx, dy);
        phase = { ...phase, last: at, moved: phase.moved || dx !== 0 || dy !== 0 };
      }
      ctx.setState(state);
    },
    pointerUp(ctx) {
      const done = phase;
      phase = { name: 'idle' };
      const state = ctx.getState();
      if (done.name === 'dragShapes') ctx.setState(recordChange(state, done.before));
      if (done.name !== 'pressPin') return;
      if (done.moved) {
        ctx.setState(recordChange(state, done.before));
        return;
      }
      const pin = findPin(state, done.id);
      if (pin) ctx.emit({ type: 'pinClicked', pin });
    },
    cancel(ctx) {
      if (phase.name !== 'idle') ctx.setState({ ...ctx.getState(), markup: phase.before });
      phase = { name: 'idle' };
    },
  };
}
