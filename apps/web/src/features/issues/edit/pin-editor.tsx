import { Box } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { MarkupEditor, type MarkupEditorHandle } from '../../../editor/canvas/markup-editor.tsx';
import { listShapes } from '../../../editor/model/markup-model.ts';
import { loadMarkup, serializeMarkup, type MarkupDocument } from '../../../editor/model/markup-schema.ts';

/** A point on the image, in its pixels. */
export interface PinPoint {
  readonly x: number;
  readonly y: number;
}

/** The bytes of a `data:` URL (the editor's PNG render), read at once so the form has them before sending. */
function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'image/png';
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The shapes of a markup, comparable (the pin and the viewpoint aside: the pin is kept on its own). */
const shapesOf = (markup: Parameters<typeof listShapes>[0]) => JSON.stringify(listShapes(markup));

/**
 * The markup editor over one image with the pin tool chosen (spec editor §2.1): placing the pin emits
 * pinCreated; dragging it afterwards (select tool) is read back from the editor when the pointer is released.
 * The other tools draw the image's markup: when the shapes change (read when the pointer or a key is
 * released) the editor's output, the markup and its rendered picture, goes to onMarkup, to be saved with the
 * image.
 */
export function PinEditor({
  src,
  initialPin,
  initialMarkUp,
  onPin,
  onMarkup,
  height = 380,
}: {
  src: string;
  initialPin: PinPoint | null;
  /** The markup the image has (stored, or drawn earlier in the form). */
  initialMarkUp?: unknown;
  onPin: (pin: PinPoint) => void;
  onMarkup: (markUp: MarkupDocument, markedUp: Blob) => void;
  height?: number;
}) {
  const handle = useRef<MarkupEditorHandle>(null);
  const images = useMemo(() => [{ src }], [src]);
  // The initial markup is read once per image: later shapes and pins come from the editor itself.
  const [markUp] = useState(() =>
    serializeMarkup({
      ...loadMarkup(initialMarkUp).markup,
      pin: initialPin ? { x: initialPin.x, y: initialPin.y, color: 'red' } : null,
    }),
  );
  const drawn = useRef(shapesOf(markUp));
  const readMarkup = () => {
    const controller = handle.current?.controller;
    if (!controller) return;
    const shapes = shapesOf(controller.state.markup);
    if (shapes === drawn.current) return;
    const output = handle.current?.save();
    if (!output) return;
    drawn.current = shapes;
    onMarkup(output.markUp, dataUrlToBlob(output.markedUpDataUrl));
  };
  const last = useRef<PinPoint | null>(initialPin);
  const report = (pin: PinPoint) => {
    if (last.current && last.current.x === pin.x && last.current.y === pin.y) return;
    last.current = pin;
    onPin({ x: pin.x, y: pin.y });
  };
  usePinToolFirst(handle, initialPin === null);
  return (
    <Box
      h={height}
      style={{ borderRadius: 8, overflow: 'hidden' }}
      data-testid="pin-editor"
      onPointerUp={() => {
        const pin = handle.current?.controller?.state.markup.pin;
        if (pin) report(pin);
        readMarkup();
      }}
      onKeyUp={readMarkup}
    >
      <MarkupEditor
        ref={handle}
        images={images}
        markUp={markUp}
        editing
        height={height}
        onPinCreated={report}
      />
    </Box>
  );
}

/** Chooses the pin tool once the editor is ready, so the first click places the pin. */
function usePinToolFirst(handle: RefObject<MarkupEditorHandle | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      const controller = handle.current?.controller;
      if (controller) controller.selectTool('pin');
      if (controller || tries > 100) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, [handle, enabled]);
}
