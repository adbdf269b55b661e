import { NEW_PIN_COLOR, NEW_PIN_ID } from '../model/editor-constants';
import type { EditorState } from '../model/editor-state';
import type { PagePoint } from '../model/geometry';
import type { MarkupPin, Pin } from '../model/markup-model';

/** The markup's own pin as a pin with id 'new' (spec §3.2). */
export function markupPinAsPin(pin: MarkupPin, original: { x: number; y: number } = pin): Pin {
  return { ...pin, id: NEW_PIN_ID, originalPosition: { x: original.x, y: original.y } };
}

/** A new pin has id 'new' and colour red. */
export function createNewPin(at: PagePoint): Pin {
  return { id: NEW_PIN_ID, x: at.x, y: at.y, color: NEW_PIN_COLOR, originalPosition: { x: at.x, y: at.y } };
}

export function findPin(state: EditorState, id: string): Pin | undefined {
  if (id === NEW_PIN_ID && state.markup.pin) return markupPinAsPin(state.markup.pin);
  return state.pins.find((pin) => pin.id === id);
}

export function moveMarkupPin(state: EditorState, dx: number, dy: number): EditorState {
  const pin = state.markup.pin;
  if (!pin) return state;
  return { ...state, markup: { ...state.markup, pin: { ...pin, x: pin.x + dx, y: pin.y + dy } } };
}
