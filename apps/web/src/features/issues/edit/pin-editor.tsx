import { Box } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { MarkupEditor, type MarkupEditorHandle } from '../../../editor/canvas/markup-editor.tsx';
import { EMPTY_MARKUP } from '../../../editor/model/markup-model.ts';
import { serializeMarkup } from '../../../editor/model/markup-schema.ts';

/** A point on the image, in its pixels. */
export interface PinPoint {
  readonly x: number;
  readonly y: number;
}

/**
 * The markup editor over one image with the pin tool chosen (spec editor §2.1): placing the pin emits
 * pinCreated; dragging it afterwards (select tool) is read back from the editor when the pointer is released.
 */
export function PinEditor({
  src,
  initialPin,
  onPin,
  height = 380,
}: {
  src: string;
  initialPin: PinPoint | null;
  onPin: (pin: PinPoint) => void;
  height?: number;
}) {
  const handle = useRef<MarkupEditorHandle>(null);
  const images = useMemo(() => [{ src }], [src]);
  // The initial markup is read once per image: later pins come from the editor itself.
  const [markUp] = useState(() =>
    serializeMarkup({
      ...EMPTY_MARKUP,
      pin: initialPin ? { x: initialPin.x, y: initialPin.y, color: 'red' } : null,
    }),
  );
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
      }}
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
