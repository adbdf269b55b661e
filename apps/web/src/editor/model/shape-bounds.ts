import type { Shape } from './shape-model';

/** Average glyph width relative to the font size, to estimate a text's box without measuring fonts. */
export const GLYPH_WIDTH_RATIO = 0.6;

/** A circle in page units that contains the whole shape, whatever its rotation; used to skip off-screen shapes. */
export function boundingCircle(shape: Shape): { x: number; y: number; radius: number } {
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  let pad = shape.style.strokeWidth;
  switch (shape.kind) {
    case 'rect':
      [maxX, maxY] = [shape.width, shape.height];
      break;
    case 'circle':
      [minX, minY, maxX, maxY] = [-shape.radius, -shape.radius, shape.radius, shape.radius];
      break;
    case 'line':
    case 'arrow': {
      const xs = shape.points.filter((_, i) => i % 2 === 0);
      const ys = shape.points.filter((_, i) => i % 2 === 1);
      [minX, minY, maxX, maxY] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
      if (shape.kind === 'arrow') pad += Math.max(shape.pointerLength, shape.pointerWidth);
      break;
    }
    case 'text': {
      const lines = shape.text.split('\n');
      maxX = Math.max(...lines.map((line) => line.length), 1) * shape.fontSize * GLYPH_WIDTH_RATIO;
      maxY = lines.length * shape.fontSize;
      pad += shape.fontSize / 2;
      break;
    }
  }
  const scale = Math.max(Math.abs(shape.scaleX), Math.abs(shape.scaleY));
  const reach = Math.max(
    Math.hypot(minX - pad, minY - pad),
    Math.hypot(maxX + pad, maxY + pad),
    Math.hypot(minX - pad, maxY + pad),
    Math.hypot(maxX + pad, minY - pad),
  );
  return { x: shape.x, y: shape.y, radius: reach * scale };
}
