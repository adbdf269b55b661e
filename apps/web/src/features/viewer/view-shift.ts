// Panning a page that fits the view (issue 15, fitted pan frames): the drawn canvas already holds the whole page, so
// a drag can move the canvas element (a CSS transform the compositor applies) instead of drawing it again and
// handing the compositor a new 1600 × 1000 bitmap every frame.

/** The view: screen = page × scale + (x, y), in CSS pixels. */
export interface ShiftView {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/**
 * The translation (CSS pixels) that shows `view` by moving a canvas drawn at `drawn`, or null when it must be drawn
 * again: the scale changed, or the page drawn at `drawn` did not lie wholly inside the canvas (a move would then
 * bring in parts of the page that the canvas does not hold).
 */
export function canvasShift(
  drawn: ShiftView | null,
  view: ShiftView,
  viewSize: { readonly width: number; readonly height: number },
  page: { readonly width: number; readonly height: number },
): { x: number; y: number } | null {
  if (!drawn || drawn.scale !== view.scale) return null;
  const inside =
    drawn.x >= 0 &&
    drawn.y >= 0 &&
    drawn.x + page.width * drawn.scale <= viewSize.width &&
    drawn.y + page.height * drawn.scale <= viewSize.height;
  return inside ? { x: view.x - drawn.x, y: view.y - drawn.y } : null;
}
