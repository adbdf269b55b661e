import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { screenPoint } from '../../editor/model/geometry.ts';
import { SheetGestures } from './sheet-gestures.ts';
import type { SheetView } from './sheet-paint.ts';
import type { SheetViewAction } from './sheet-view-model.ts';

/**
 * The sheet's wheel and fingers: wheel zoom around the pointer (a non-passive listener keeps the page from
 * scrolling), and the editor's touch gestures (pinch zoom and pan, one finger after its delay, taps pick). Returns
 * the ref the host sets to what a tap does (at a client point).
 */
export function useSheetTouch(
  boxRef: RefObject<HTMLDivElement | null>,
  view: SheetView,
  apply: (action: SheetViewAction) => void,
) {
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = box.getBoundingClientRect();
      const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      apply({ type: 'wheel', deltaY: event.deltaY, at });
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [boxRef, apply]);

  const tapRef = useRef<(clientX: number, clientY: number) => void>(() => undefined);
  const gestures = useMemo(
    () =>
      new SheetGestures(
        { scale: 1, x: 0, y: 0 },
        {
          onView: (viewpoint) => apply({ type: 'set', view: viewpoint }),
          onTap: (at) => {
            const rect = boxRef.current?.getBoundingClientRect();
            if (rect) tapRef.current(at.x + rect.left, at.y + rect.top);
          },
        },
      ),
    [boxRef, apply],
  );
  useEffect(() => () => gestures.dispose(), [gestures]);
  useEffect(() => gestures.setView(view), [gestures, view]);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const points = (event: TouchEvent) => {
      const rect = box.getBoundingClientRect();
      return Array.from(event.touches, (touch) =>
        screenPoint(touch.clientX - rect.left, touch.clientY - rect.top),
      );
    };
    // A pin or a divider under a single finger keeps its own handling (a tap opens the pin's issue).
    const onOwnControl = (event: TouchEvent) =>
      event.target instanceof Element &&
      event.target !== box &&
      event.target.closest('[data-testid="sheet-pin"], [role="separator"]') !== null;
    const onStart = (event: TouchEvent) => {
      if (event.touches.length === 1 && onOwnControl(event)) return;
      event.preventDefault();
      box.focus();
      gestures.touch.start(points(event));
    };
    const onMove = (event: TouchEvent) => {
      if (gestures.touch.phaseName === 'idle') return;
      event.preventDefault();
      gestures.touch.move(points(event));
    };
    const onEnd = (event: TouchEvent) => gestures.touch.end(event.touches.length);
    box.addEventListener('touchstart', onStart, { passive: false });
    box.addEventListener('touchmove', onMove, { passive: false });
    box.addEventListener('touchend', onEnd);
    box.addEventListener('touchcancel', onEnd);
    return () => {
      box.removeEventListener('touchstart', onStart);
      box.removeEventListener('touchmove', onMove);
      box.removeEventListener('touchend', onEnd);
      box.removeEventListener('touchcancel', onEnd);
    };
  }, [boxRef, gestures]);
  return tapRef;
}
