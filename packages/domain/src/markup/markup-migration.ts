import {
  ARROW_POINTER_LENGTH,
  ARROW_POINTER_WIDTH,
  CIRCLE_DEFAULT_RADIUS,
  DEFAULT_STROKE,
  HIGHLIGHT_OPACITY,
  STROKE_WIDTH,
  TEXT_FONT_FAMILY,
  TEXT_FONT_SIZE,
} from './markup-types.ts';

export type LegacyFamily = 'rects' | 'circles' | 'lines' | 'arrows' | 'texts';

type Loose = Record<string, unknown>;

const KIND: Record<LegacyFamily, string> = {
  rects: 'rect',
  circles: 'circle',
  lines: 'line',
  arrows: 'arrow',
  texts: 'text',
};

function num(value: unknown, fallback: number): unknown {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

function str(value: unknown, fallback: string): unknown {
  if (value === undefined || value === null) return fallback;
  return typeof value === 'number' ? String(value) : value;
}

/** Version 1 kept Konva's `scale: {x, y}` object beside or instead of scaleX/scaleY. */
function legacyScale(item: Loose, axis: 'x' | 'y'): unknown {
  const flat = item[axis === 'x' ? 'scaleX' : 'scaleY'];
  if (flat !== undefined) return num(flat, 1);
  const scale = item.scale;
  if (typeof scale === 'number') return scale;
  if (typeof scale === 'object' && scale !== null) return num((scale as Loose)[axis], 1);
  return 1;
}

function legacyStyle(item: Loose, family: LegacyFamily, highlight: boolean): Loose {
  const stroke = str(item.stroke, typeof item.fill === 'string' ? item.fill : DEFAULT_STROKE);
  const widthKey =
    family === 'rects' ? 'rect' : family === 'circles' ? 'circle' : family === 'lines' ? 'line' : 'arrow';
  const strokeWidth = family === 'texts' ? 0 : num(item.strokeWidth, STROKE_WIDTH[widthKey]);
  let fill: unknown = item.fill ?? null;
  if (family === 'arrows' || family === 'texts') fill = item.fill ?? stroke;
  if (highlight) fill = item.fill ?? stroke;
  return { stroke, fill, strokeWidth, opacity: num(item.opacity, highlight ? HIGHLIGHT_OPACITY : 1) };
}

function familyFields(item: Loose, family: LegacyFamily): Loose {
  switch (family) {
    case 'rects':
      return { width: num(item.width, 0), height: num(item.height, 0), highlight: isHighlight(item) };
    case 'circles':
      return { radius: num(item.radius, CIRCLE_DEFAULT_RADIUS) };
    case 'lines':
      return { points: item.points };
    case 'arrows':
      return {
        points: item.points,
        pointerLength: num(item.pointerLength, ARROW_POINTER_LENGTH),
        pointerWidth: num(item.pointerWidth, ARROW_POINTER_WIDTH),
      };
    case 'texts':
      return {
        text: str(item.text, ''),
        fontSize: num(item.fontSize, TEXT_FONT_SIZE),
        fontFamily: str(item.fontFamily, TEXT_FONT_FAMILY),
      };
  }
}

function isHighlight(item: Loose): boolean {
  return item.highlight === true || item.name === 'highlight' || item.opacity === HIGHLIGHT_OPACITY;
}

/**
 * Turns one version-1 shape (flat Konva attributes, optional fields, numeric ids) into the version-2 shape.
 * Anything that still does not fit is left for the schema to reject.
 */
export function migrateLegacyShape(raw: unknown, family: LegacyFamily, index: number): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const item = raw as Loose;
  const highlight = family === 'rects' && isHighlight(item);
  return {
    id: str(item.id, `${KIND[family]}-${index + 1}`),
    name: str(item.name, highlight ? 'highlight' : KIND[family]),
    kind: KIND[family],
    x: num(item.x, 0),
    y: num(item.y, 0),
    rotation: num(item.rotation, 0),
    scaleX: legacyScale(item, 'x'),
    scaleY: legacyScale(item, 'y'),
    style:
      typeof item.style === 'object' && item.style !== null
        ? item.style
        : legacyStyle(item, family, highlight),
    ...familyFields(item, family),
  };
}
