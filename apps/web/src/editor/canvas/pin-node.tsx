import { memo } from 'react';
import { Circle, Group, Path } from 'react-konva';
import type { Pin } from '../model/markup-model';

export const PIN_NODE_NAME = 'pin';

const PIN_FILL: Record<Pin['color'], string> = { blue: '#1c7ed6', grey: '#868e96', red: '#e03131' };
/** A map-marker outline, 32 px tall with its tip at the origin. */
const MARKER_PATH = 'M0 0 C -4 -10 -12 -14 -12 -22 A 12 12 0 1 1 12 -22 C 12 -14 4 -10 0 0 Z';

interface PinNodeProps {
  readonly pin: Pin;
  /** Pins keep their screen size whatever the zoom. */
  readonly zoom: number;
  readonly listening: boolean;
}

export const PinNode = memo(function PinNode({ pin, zoom, listening }: PinNodeProps) {
  const scale = 1 / zoom;
  return (
    <Group
      id={`pin-${pin.id}`}
      name={PIN_NODE_NAME}
      x={pin.x}
      y={pin.y}
      scaleX={scale}
      scaleY={scale}
      listening={listening}
    >
      <Path data={MARKER_PATH} fill={PIN_FILL[pin.color]} stroke="white" strokeWidth={2} />
      <Circle y={-22} radius={5} fill="white" listening={false} />
    </Group>
  );
});
