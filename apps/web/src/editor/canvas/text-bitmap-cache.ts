import type { TextShape } from '../model/shape-model';

/** Texts bigger than this on screen are drawn live: their bitmap would cost more memory than it saves. */
const MAX_BITMAP_SIDE = 4096;
/** Texts kept (each with the levels it was drawn at); the oldest text goes first. */
const MAX_TEXTS = 2000;
/** Room around the glyphs for ascenders, descenders and italics. */
const PADDING = 4;

export interface TextBitmap {
  readonly canvas: HTMLCanvasElement;
  /** Pixels per text unit in the bitmap. */
  readonly level: number;
}

/**
 * How much time one draw may spend rasterising text bitmaps. Crossing a power of two of zoom needs a new bitmap
 * for every visible text; doing them all in one frame is what made such frames miss. What does not fit waits for
 * the next frame, drawn meanwhile from a bitmap of another level.
 */
export interface RenderBudget {
  /** performance.now() after which no more bitmaps are rendered in this draw. */
  readonly deadline: number;
  /** Set when a text was drawn from a stand-in, so the caller asks for another frame. */
  deferred: boolean;
}

export function renderBudget(ms: number): RenderBudget {
  return { deadline: performance.now() + ms, deferred: false };
}

/** Levels of one text (same content, size, font and colour), keyed by level; null when too big to cache. */
const cache = new Map<string, Map<number, TextBitmap | null>>();

/** Screen scale rounded up to a power of two: the bitmap is re-rendered only when zoom crosses a doubling. */
export function textLevel(screenScale: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(screenScale, 1 / 64)));
}

function render(shape: TextShape, level: number, offset: number): TextBitmap | null {
  const lines = shape.text.split('\n');
  const canvas = document.createElement('canvas');
  const measure = canvas.getContext('2d');
  if (!measure) return null;
  const font = `normal normal ${shape.fontSize * level}px ${shape.fontFamily}`;
  measure.font = font;
  const width = Math.max(...lines.map((line) => measure.measureText(line).width), 1) + PADDING * 2;
  const height = lines.length * shape.fontSize * level + PADDING * 2;
  if (width > MAX_BITMAP_SIDE || height > MAX_BITMAP_SIDE) return null;
  canvas.width = Math.ceil(width);
  canvas.height = Math.ceil(height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.font = font;
  context.textBaseline = 'alphabetic';
  context.fillStyle = shape.style.fill ?? shape.style.stroke;
  lines.forEach((line, index) =>
    context.fillText(line, PADDING, PADDING + (offset + index * shape.fontSize) * level),
  );
  return { canvas, level };
}

function levelsOf(key: string): Map<number, TextBitmap | null> {
  let levels = cache.get(key);
  if (levels) {
    // Refreshed so that texts in use are not the oldest.
    cache.delete(key);
  } else {
    levels = new Map();
    if (cache.size >= MAX_TEXTS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }
  cache.set(key, levels);
  return levels;
}

/** The cached bitmap nearest to `level`, preferring sharper ones. */
function nearest(levels: ReadonlyMap<number, TextBitmap | null>, level: number): TextBitmap | null {
  let best: TextBitmap | null = null;
  for (const bitmap of levels.values()) {
    if (!bitmap) continue;
    const distance = Math.abs(Math.log2(bitmap.level / level)) - (bitmap.level > level ? 0.5 : 0);
    const bestDistance = best
      ? Math.abs(Math.log2(best.level / level)) - (best.level > level ? 0.5 : 0)
      : Number.POSITIVE_INFINITY;
    if (distance < bestDistance) best = bitmap;
  }
  return best;
}

/**
 * A pre-rendered bitmap of a text at about its screen resolution. Zooming changes the glyph size every frame,
 * and rasterising hundreds of texts at a new size each frame is what made zooming miss frames. Past the budget's
 * deadline a bitmap of another level stands in (or null: the caller draws the text live).
 */
export function textBitmap(
  shape: TextShape,
  screenScale: number,
  offset: number,
  budget?: RenderBudget,
): TextBitmap | null {
  const level = textLevel(screenScale);
  const levels = levelsOf(
    `${shape.fontSize}|${shape.fontFamily}|${shape.style.fill ?? shape.style.stroke}|${shape.text}`,
  );
  if (levels.has(level)) return levels.get(level) ?? null;
  if (budget && performance.now() >= budget.deadline) {
    budget.deferred = true;
    return nearest(levels, level);
  }
  const bitmap = render(shape, level, offset);
  levels.set(level, bitmap);
  return bitmap;
}

export const TEXT_BITMAP_PADDING = PADDING;
