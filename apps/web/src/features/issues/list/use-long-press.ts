import { useCallback, useRef, type MouseEvent, type PointerEvent } from 'react';

/** Touch hold tolerance (spec core §9). */
export const TOUCH_HOLD_MS = 400;

/** How far a finger may drift during a hold before it counts as a scroll. */
const MOVE_TOLERANCE_PX = 10;

/**
 * A touch hold of 400 ms on a row: calls `onHold` and swallows the click that follows, so holding selects a
 * row instead of opening it. Mouse and pen are left alone. `wasTouch` tells a tap from a click.
 */
export function useLongPress(onHold: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const held = useRef(false);
  const touch = useRef(false);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);

  const onPointerDown = useCallback(
    (event: PointerEvent) => {
      touch.current = event.pointerType === 'touch';
      if (!touch.current) return;
      held.current = false;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        held.current = true;
        timer.current = null;
        onHold();
      }, TOUCH_HOLD_MS);
    },
    [onHold],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent) => {
      const origin = start.current;
      if (!origin) return;
      if (Math.hypot(event.clientX - origin.x, event.clientY - origin.y) > MOVE_TOLERANCE_PX) cancel();
    },
    [cancel],
  );

  const onClickCapture = useCallback((event: MouseEvent) => {
    if (!held.current) return;
    held.current = false;
    event.preventDefault();
    event.stopPropagation();
  }, []);

  return {
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: cancel,
      onPointerCancel: cancel,
      onClickCapture,
      // A held finger would otherwise open the browser's context menu.
      onContextMenu: (event: MouseEvent) => {
        if (held.current || timer.current) event.preventDefault();
      },
    },
    /** Whether the last press was a finger (a click event does not always say so). */
    wasTouch: () => touch.current,
  };
}
