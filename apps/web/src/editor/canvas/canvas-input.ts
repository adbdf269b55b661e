import type Konva from 'konva';
import { useEffect } from 'react';
import type { EditorController } from '../tools/editor-controller';
import type { EditorPointer } from '../tools/tool-types';
import { hitTarget, toScreen } from './hit-target';

type Unbind = () => void;

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

function pointerType(event: PointerEvent): EditorPointer['pointerType'] {
  return event.pointerType === 'pen' ? 'pen' : event.pointerType === 'touch' ? 'touch' : 'mouse';
}

function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement | Window,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
  options?: AddEventListenerOptions,
): Unbind {
  const listener = handler as EventListener;
  target.addEventListener(type, listener, options);
  return () => target.removeEventListener(type, listener);
}

/** Mouse and pen: press on the canvas, then move and release anywhere until the gesture ends. */
function bindPointer(stage: Konva.Stage, controller: EditorController): Unbind[] {
  const container = stage.container();
  const toPointer = (event: MouseEvent, withTarget: boolean): EditorPointer => {
    const screen = toScreen(container, event.clientX, event.clientY);
    return {
      screen,
      button: event.button,
      pointerType: event instanceof PointerEvent ? pointerType(event) : 'mouse',
      target: withTarget ? hitTarget(stage, screen, controller.state) : { kind: 'background' },
      shiftKey: event.shiftKey,
    };
  };
  const active = (event: PointerEvent) => event.pointerType !== 'touch' && controller.pointer.busy;
  return [
    listen(container, 'pointerdown', (event) => {
      if (event.pointerType === 'touch') return;
      if (event.button === 1) event.preventDefault();
      controller.pointer.down(toPointer(event, true));
    }),
    listen(
      window,
      'pointermove',
      (event) => active(event) && controller.pointer.move(toPointer(event, false)),
    ),
    listen(window, 'pointerup', (event) => active(event) && controller.pointer.up(toPointer(event, false))),
    listen(container, 'dblclick', (event) => controller.pointer.doubleClick(toPointer(event, true))),
    // Middle-click would otherwise paste or start autoscroll on some systems.
    listen(container, 'auxclick', (event) => event.button === 1 && event.preventDefault()),
    listen(
      container,
      'wheel',
      (event) => {
        event.preventDefault();
        controller.wheel.wheel(event.deltaY, toScreen(container, event.clientX, event.clientY));
      },
      { passive: false },
    ),
  ];
}

/** Fingers go to the touch gesture machine; a single touch on the transformer is left to Konva. */
function bindTouch(stage: Konva.Stage, controller: EditorController): Unbind[] {
  const container = stage.container();
  const touches = (event: TouchEvent) =>
    Array.from(event.touches, (touch) => toScreen(container, touch.clientX, touch.clientY));
  const onEnd = (event: TouchEvent) => controller.touch.end(event.touches.length);
  return [
    listen(
      container,
      'touchstart',
      (event) => {
        const list = touches(event);
        const first = list[0];
        if (list.length === 1 && first && hitTarget(stage, first, controller.state).kind === 'transformer')
          return;
        event.preventDefault();
        controller.touch.start(list);
      },
      { passive: false },
    ),
    listen(
      container,
      'touchmove',
      (event) => {
        if (controller.touch.phaseName === 'idle') return;
        event.preventDefault();
        controller.touch.move(touches(event));
      },
      { passive: false },
    ),
    listen(container, 'touchend', onEnd),
    listen(container, 'touchcancel', onEnd),
  ];
}

/** Wires the DOM's pointer, wheel, touch and key events to the controller; Konva only answers hit tests. */
export function useCanvasInput(stage: Konva.Stage | null, controller: EditorController): void {
  useEffect(() => {
    if (!stage) return;
    const unbind = [
      ...bindPointer(stage, controller),
      ...bindTouch(stage, controller),
      listen(window, 'keydown', (event) => {
        if (!isTyping(event.target) && controller.key(event)) event.preventDefault();
      }),
    ];
    return () => unbind.forEach((off) => off());
  }, [stage, controller]);
}
