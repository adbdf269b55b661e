import { memo } from 'react';
import { Arrow, Circle, Line, Rect, Text } from 'react-konva';
import type { Shape } from '../model/shape-model';

/** Konva node name that marks markup shapes for hit testing and for the transformer. */
export const SHAPE_NODE_NAME = 'markup-shape';

interface ShapeNodeProps {
  readonly shape: Shape;
  readonly hidden: boolean;
}

/** Draws one shape; memoised on the shape object so a drag re-renders only the shape that moves. */
export const ShapeNode = memo(function ShapeNode({ shape, hidden }: ShapeNodeProps) {
  const common = {
    id: shape.id,
    name: SHAPE_NODE_NAME,
    x: shape.x,
    y: shape.y,
    rotation: shape.rotation,
    scaleX: shape.scaleX,
    scaleY: shape.scaleY,
    stroke: shape.style.stroke,
    strokeWidth: shape.style.strokeWidth,
    opacity: shape.style.opacity,
    listening: false,
    visible: !hidden,
    perfectDrawEnabled: false,
    shadowForStrokeEnabled: false,
  };
  const fill = shape.style.fill ?? undefined;
  switch (shape.kind) {
    case 'rect':
      return <Rect {...common} width={shape.width} height={shape.height} fill={fill} />;
    case 'circle':
      return <Circle {...common} radius={shape.radius} fill={fill} />;
    case 'line':
      return (
        <Line {...common} points={[...shape.points]} lineCap="round" lineJoin="round" hitStrokeWidth={12} />
      );
    case 'arrow':
      return (
        <Arrow
          {...common}
          points={[...shape.points]}
          pointerLength={shape.pointerLength}
          pointerWidth={shape.pointerWidth}
          fill={fill}
          hitStrokeWidth={12}
        />
      );
    case 'text':
      return (
        <Text
          {...common}
          strokeWidth={0}
          stroke={undefined}
          text={shape.text}
          fontSize={shape.fontSize}
          fontFamily={shape.fontFamily}
          fill={fill}
        />
      );
  }
});
