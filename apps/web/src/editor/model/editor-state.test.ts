import { describe, expect, it } from 'vitest';
import {
  createEditorState,
  cursorFor,
  setEditing,
  setTool,
  shapesInteractive,
  TOOL_IDS,
} from './editor-state';
import { canRedo, canUndo, changeMarkup, HISTORY_LIMIT, redo, undo } from './history-model';
import { pagePoint } from './geometry';
import { upsertShape } from './markup-model';
import { createCircle } from './shape-model';
import { finishTextEdit, requestSave, startTextEdit } from './shape-actions';
import { resizeView, toggleMarkup, togglePins, zoomTo, zoomToFit, zoomToSlider } from './view-actions';

const size = { width: 1000, height: 800 };
const base = () => createEditorState({ pageSize: size, viewSize: size });
const withCircle = (id = 'c1') =>
  changeMarkup(base(), (m) => upsertShape(m, createCircle(id, pagePoint(5, 5), 'red')));

describe('editor state', () => {
  it('has the ten toolbar tools', () => {
    expect(TOOL_IDS).toEqual([
      'select',
      'pan',
      'pin',
      'rect',
      'circle',
      'highlight',
      'line',
      'arrow',
      'text',
      'alignBackgroundImage',
    ]);
  });

  it('sets the cursor per tool: move for pan, default for select and align, crosshair for the rest', () => {
    const cursors = Object.fromEntries(TOOL_IDS.map((tool) => [tool, cursorFor(tool)]));
    expect(cursors).toEqual({
      select: 'default',
      pan: 'move',
      pin: 'crosshair',
      rect: 'crosshair',
      circle: 'crosshair',
      highlight: 'crosshair',
      line: 'crosshair',
      arrow: 'crosshair',
      text: 'crosshair',
      alignBackgroundImage: 'default',
    });
  });

  it('clears the selection when a tool is chosen', () => {
    const state = { ...withCircle(), selection: ['c1'] };
    expect(setTool(state, 'rect')).toMatchObject({ tool: 'rect', selection: [] });
  });

  it('makes shapes interactive only in select mode while editing', () => {
    const state = base();
    expect(TOOL_IDS.filter((tool) => shapesInteractive(setTool(state, tool)))).toEqual(['select']);
    expect(shapesInteractive(setEditing(state, false))).toBe(false);
  });

  it('switches to pan when leaving edit mode and offers only pan without editing', () => {
    const left = setEditing({ ...withCircle(), tool: 'rect', selection: ['c1'] }, false);
    expect(left).toMatchObject({ tool: 'pan', selection: [], editing: false });
    expect(setTool(left, 'rect').tool).toBe('pan');
    expect(createEditorState({ pageSize: size, viewSize: size, editing: false }).tool).toBe('pan');
  });

  it('opens at the saved viewpoint, else fits the page', () => {
    const markup = { ...withCircle().markup, viewpoint: { width: 1000, height: 800, x: 7, y: 8, scale: 3 } };
    expect(createEditorState({ pageSize: size, viewSize: size, markup }).viewpoint).toEqual({
      x: 7,
      y: 8,
      scale: 3,
    });
    expect(
      createEditorState({ pageSize: { width: 2000, height: 1600 }, viewSize: size }).viewpoint.scale,
    ).toBe(0.5);
  });

  it('opens a viewpoint saved in a view of another size on the same centre', () => {
    // Saved in a 1240 × 900 view: the page point at its centre is ((620 − 40) / 2, (450 − 50) / 2) = (290, 200).
    const viewpoint = { width: 1240, height: 900, x: 40, y: 50, scale: 2 };
    const markup = { ...withCircle().markup, viewpoint };
    const opened = createEditorState({ pageSize: size, viewSize: size, markup }).viewpoint;
    expect(opened).toEqual({ x: -80, y: 0, scale: 2 });
    // The same page point is at the centre of the 1000 × 800 view.
    expect([(500 - opened.x) / opened.scale, (400 - opened.y) / opened.scale]).toEqual([290, 200]);
    // A viewpoint without a usable view size opens where it was saved.
    const unsized = { ...markup, viewpoint: { ...viewpoint, width: 0, height: Number.NaN } };
    expect(createEditorState({ pageSize: size, viewSize: size, markup: unsized }).viewpoint).toEqual({
      x: 40,
      y: 50,
      scale: 2,
    });
  });
});

describe('undo and redo', () => {
  it('undoes and redoes markup changes', () => {
    const drawn = withCircle();
    expect(canUndo(drawn)).toBe(true);
    const undone = undo(drawn);
    expect(undone.markup.circles).toHaveLength(0);
    expect(canRedo(undone)).toBe(true);
    expect(redo(undone).markup.circles).toHaveLength(1);
  });

  it('forgets the redo branch after a new change and bounds the history', () => {
    const branched = changeMarkup(undo(withCircle()), (m) =>
      upsertShape(m, createCircle('c2', pagePoint(1, 1), 'red')),
    );
    expect(canRedo(branched)).toBe(false);
    let state = base();
    for (let i = 0; i < HISTORY_LIMIT + 5; i += 1) {
      state = changeMarkup(state, (m) => upsertShape(m, createCircle(`c${i}`, pagePoint(i, i), 'red')));
    }
    expect(state.past).toHaveLength(HISTORY_LIMIT);
  });
});

describe('text editing and saving', () => {
  it('blocks saving while a text is edited and warns', () => {
    const state = { ...base(), editingTextId: 't1' };
    const result = requestSave(state);
    expect(result.allowed).toBe(false);
    expect(result.state.warning).toBe('saveBlockedTextEditing');
    expect(requestSave(base()).allowed).toBe(true);
  });

  it('ignores edit requests on non-text shapes and removes emptied texts', () => {
    expect(startTextEdit(withCircle(), 'c1').editingTextId).toBeNull();
    expect(finishTextEdit({ ...base(), editingTextId: 'missing' }, 'x').editingTextId).toBeNull();
  });
});

describe('view actions', () => {
  it('zooms with the slider and ignores tiny changes', () => {
    expect(zoomToSlider(base(), 51).viewpoint.scale).toBeCloseTo(1.1);
    const state = base();
    expect(zoomTo(state, 1.001)).toBe(state);
  });

  it('fits, toggles visibility and keeps the centre on resize', () => {
    const zoomed = zoomTo(base(), 3);
    expect(zoomToFit(zoomed).viewpoint).toEqual({ x: 0, y: 0, scale: 1 });
    expect(togglePins(base()).pinsVisible).toBe(false);
    expect(toggleMarkup(base()).markupVisible).toBe(false);
    expect(resizeView(base(), { width: 1200, height: 800 }).viewpoint.x).toBe(100);
  });
});
