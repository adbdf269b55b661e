import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { MarkupEditor } from '../../../editor/canvas/markup-editor.tsx';
import type { Pin } from '../../../editor/model/markup-model.ts';
import type { IssuePinValue } from '../edit/issue-form-model.ts';

/** The issue's image with its pin, in the markup editor without editing (pan and zoom only). */
export function PinnedImage({
  src,
  pin,
  height = 360,
}: {
  src: string;
  pin: IssuePinValue;
  height?: number;
}) {
  const images = useMemo(() => [{ src }], [src]);
  const pins = useMemo<Pin[]>(
    () => [{ id: 'issue', x: pin.x, y: pin.y, color: 'red', originalPosition: { x: pin.x, y: pin.y } }],
    [pin.x, pin.y],
  );
  return (
    <Box h={height} style={{ overflow: 'hidden', borderRadius: 8 }}>
      <MarkupEditor images={images} pins={pins} editing={false} height={height} />
    </Box>
  );
}
