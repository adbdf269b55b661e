import { LINE_POSITION_SCAN_PX, NEAR_BLACK_THRESHOLD, WHITE_THRESHOLD } from './editor-constants';

/** RGBA pixels as a canvas gives them; the filters work on plain arrays so they run without a canvas. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

export type Rgb = readonly [number, number, number];

function luminance(data: Uint8ClampedArray, offset: number): number {
  return 0.299 * (data[offset] ?? 0) + 0.587 * (data[offset + 1] ?? 0) + 0.114 * (data[offset + 2] ?? 0);
}

/** Paper becomes transparent so an overlaid drawing only contributes its ink. */
export function whiteToTransparent(pixels: Pixels, threshold = WHITE_THRESHOLD): Pixels {
  const data = new Uint8ClampedArray(pixels.data);
  for (let offset = 0; offset < data.length; offset += 4) {
    if (luminance(data, offset) >= threshold) data[offset + 3] = 0;
  }
  return { ...pixels, data };
}

/** Near-black ink is lifted to a tint, so two overlaid revisions show in two colours. */
export function liftNearBlack(pixels: Pixels, tint: Rgb, threshold = NEAR_BLACK_THRESHOLD): Pixels {
  const data = new Uint8ClampedArray(pixels.data);
  for (let offset = 0; offset < data.length; offset += 4) {
    if (luminance(data, offset) <= threshold) {
      data[offset] = tint[0];
      data[offset + 1] = tint[1];
      data[offset + 2] = tint[2];
    }
  }
  return { ...pixels, data };
}

export type ScanDirection = 'left' | 'right' | 'up' | 'down';

/** The nearest drawn (near-black) line from a point in one direction. */
export interface LinePosition {
  readonly direction: ScanDirection;
  readonly x: number;
  readonly y: number;
  readonly distance: number;
}

const STEPS: Record<ScanDirection, readonly [number, number]> = {
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
};

function isInk(pixels: Pixels, x: number, y: number): boolean {
  const offset = (y * pixels.width + x) * 4;
  return (pixels.data[offset + 3] ?? 0) > 0 && luminance(pixels.data, offset) <= NEAR_BLACK_THRESHOLD;
}

/** Walks from a page point up to 1000 px in each direction and reports the first line hit. */
export function scanLinePositions(
  pixels: Pixels,
  fromX: number,
  fromY: number,
  maxScan = LINE_POSITION_SCAN_PX,
) {
  const startX = Math.round(fromX);
  const startY = Math.round(fromY);
  const found: LinePosition[] = [];
  for (const direction of Object.keys(STEPS) as ScanDirection[]) {
    const [dx, dy] = STEPS[direction];
    for (let step = 1; step <= maxScan; step += 1) {
      const x = startX + dx * step;
      const y = startY + dy * step;
      if (x < 0 || y < 0 || x >= pixels.width || y >= pixels.height) break;
      if (isInk(pixels, x, y)) {
        found.push({ direction, x, y, distance: step });
        break;
      }
    }
  }
  return found.sort((a, b) => a.distance - b.distance);
}
