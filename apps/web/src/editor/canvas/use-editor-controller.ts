import { useEffect, useRef, useState } from 'react';
import type { EditorState } from '../model/editor-state';
import type { Size } from '../model/geometry';
import type { Pixels } from '../model/image-filters';
import type { MarkupState, MarkupViewpoint, Pin } from '../model/markup-model';
import { setPins } from '../model/editor-state';
import { EditorController } from '../tools/editor-controller';
import type { EditorEvent } from '../tools/tool-types';
import type { LinePosition } from '../model/image-filters';
import type { PagePoint } from '../model/geometry';
import { sameExceptViewpoint, selectState, useEditorSelector } from './use-editor-selector';

/** The events of spec §2.1 as callbacks. */
export interface EditorEventHandlers {
  readonly onPinCreated?: (pin: Pin) => void;
  readonly onPinClicked?: (pin: Pin) => void;
  readonly onUserChangedViewpoint?: (viewpoint: MarkupViewpoint) => void;
  readonly onBackgroundImageMoved?: (offset: { x: number; y: number }) => void;
  readonly onLinePosition?: (payload: { from: PagePoint; positions: readonly LinePosition[] }) => void;
}

export function dispatchEditorEvent(handlers: EditorEventHandlers, event: EditorEvent): void {
  switch (event.type) {
    case 'pinCreated':
      return handlers.onPinCreated?.(event.pin);
    case 'pinClicked':
      return handlers.onPinClicked?.(event.pin);
    case 'userChangedViewpoint':
      return handlers.onUserChangedViewpoint?.(event.viewpoint);
    case 'backgroundImageMoved':
      return handlers.onBackgroundImageMoved?.(event.offset);
    case 'linePosition':
      return handlers.onLinePosition?.({ from: event.from, positions: event.positions });
  }
}

interface ControllerInput {
  readonly pageSize: Size | null;
  readonly viewSize: Size | null;
  readonly markup: MarkupState;
  readonly editing: boolean;
  readonly pins: readonly Pin[];
  readonly compare: boolean;
  readonly handlers: EditorEventHandlers;
  readonly defaultText: () => string;
  readonly readPixels: () => Pixels | null;
}

/**
 * Creates the controller once the page and view sizes are known, and keeps it in step with the props. The state
 * returned is refreshed for every change except a viewpoint-only one (pan and zoom frames), so its viewpoint may
 * be behind: components that show the view select it with useEditorSelector.
 */
export function useEditorController(input: ControllerInput): {
  controller: EditorController | null;
  state: EditorState | null;
} {
  const latest = useRef(input);
  latest.current = input;
  const [controller, setController] = useState<EditorController | null>(null);
  const ready = input.pageSize !== null && input.viewSize !== null;

  useEffect(() => {
    const { pageSize, viewSize, markup, editing, pins, compare } = latest.current;
    if (!pageSize || !viewSize) return;
    const created = new EditorController(
      { pageSize, viewSize, markup, editing, pins, compare },
      {
        defaultText: () => latest.current.defaultText(),
        readBackgroundPixels: () => latest.current.readPixels(),
      },
    );
    const unsubscribe = created.store.onEvent((event) => dispatchEditorEvent(latest.current.handlers, event));
    setController(created);
    return () => {
      unsubscribe();
      created.dispose();
    };
  }, [ready]);

  useEffect(() => {
    if (controller && input.viewSize) controller.resize(input.viewSize);
  }, [controller, input.viewSize]);
  useEffect(() => {
    controller?.setEditing(input.editing);
  }, [controller, input.editing]);
  useEffect(() => {
    controller?.store.update((state) => setPins(state, input.pins));
  }, [controller, input.pins]);

  const state = useEditorSelector(controller?.store ?? null, selectState, sameExceptViewpoint);
  return { controller, state };
}
