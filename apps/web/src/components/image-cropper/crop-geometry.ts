// The cropper's model, in the source image's pixels, free of the DOM so that it is tested without a canvas.

/** A size in pixels. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A rectangle in source pixels. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where the crop is: `zoom` relative to the crop that just covers the image (1 = the largest rectangle of the
 * output's aspect inside the image; below 1 the image fits inside the crop with empty bands), and the crop's centre.
 */
export interface CropState {
  readonly zoom: number;
  readonly centerX: number;
  readonly centerY: number;
}

/** The largest zoom: a fifth of the covering crop's width. */
export const MAX_ZOOM = 5;
/** One zoom step (wheel notch, + and - keys, buttons): the editor's zoom factor per step (editor §9). */
export const ZOOM_STEP = 1.1;

function aspectOf(output: Size): number {
  return output.width / output.height;
}

/** The largest rectangle of the output's aspect inside the image. */
function coverWidth(image: Size, output: Size): number {
  return Math.min(image.width, image.height * aspectOf(output));
}

/** The smallest zoom: the whole image fits inside the crop (a square logo inside a 4:1 band). */
export function minZoom(image: Size, output: Size): number {
  const containWidth = Math.max(image.width, image.height * aspectOf(output));
  return coverWidth(image, output) / containWidth;
}

function clampTo(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, Math.min(low, high)), Math.max(low, high));
}

/**
 * A state within bounds: the zoom between minZoom and MAX_ZOOM; the centre so that the crop stays inside the image
 * on an axis where it is smaller than the image, and the image inside the crop where it is larger.
 */
export function clampCrop(image: Size, output: Size, state: CropState): CropState {
  const zoom = clampTo(Number.isFinite(state.zoom) ? state.zoom : 1, minZoom(image, output), MAX_ZOOM);
  const width = coverWidth(image, output) / zoom;
  const height = width / aspectOf(output);
  return {
    zoom,
    centerX: clampTo(state.centerX, width / 2, image.width - width / 2),
    centerY: clampTo(state.centerY, height / 2, image.height - height / 2),
  };
}

/** The first crop: centred, covering the image (avatars) or showing all of it (logos). */
export function initialCrop(image: Size, output: Size, fit: 'cover' | 'contain'): CropState {
  const zoom = fit === 'cover' ? 1 : minZoom(image, output);
  return clampCrop(image, output, { zoom, centerX: image.width / 2, centerY: image.height / 2 });
}

/** The crop rectangle of a state, in source pixels (its aspect is always the output's). */
export function cropRect(image: Size, output: Size, state: CropState): Rect {
  const { zoom, centerX, centerY } = clampCrop(image, output, state);
  const width = coverWidth(image, output) / zoom;
  const height = width / aspectOf(output);
  return { x: centerX - width / 2, y: centerY - height / 2, width, height };
}

/** Moves the crop by a distance in source pixels. */
export function panCrop(image: Size, output: Size, state: CropState, dx: number, dy: number): CropState {
  return clampCrop(image, output, { ...state, centerX: state.centerX + dx, centerY: state.centerY + dy });
}

/** Sets the zoom, keeping the centre where it can. */
export function zoomCrop(image: Size, output: Size, state: CropState, zoom: number): CropState {
  return clampCrop(image, output, { ...state, zoom });
}

/** How to draw a crop into the output: the part of the image inside the crop, and where it lands. */
export interface DrawPlan {
  readonly source: Rect;
  readonly target: Rect;
}

/**
 * The drawImage arguments of a crop: the crop clipped to the image, drawn into the part of the output it maps to
 * (the rest stays transparent), so no browser has to clip a source rectangle that leaves the image.
 */
export function drawPlan(image: Size, crop: Rect, output: Size): DrawPlan {
  const left = Math.max(crop.x, 0);
  const top = Math.max(crop.y, 0);
  const right = Math.min(crop.x + crop.width, image.width);
  const bottom = Math.min(crop.y + crop.height, image.height);
  const scaleX = output.width / crop.width;
  const scaleY = output.height / crop.height;
  return {
    source: { x: left, y: top, width: right - left, height: bottom - top },
    target: {
      x: (left - crop.x) * scaleX,
      y: (top - crop.y) * scaleY,
      width: (right - left) * scaleX,
      height: (bottom - top) * scaleY,
    },
  };
}

/** Where the image sits inside the crop frame, in percent of the frame (for CSS). */
export function imagePlacement(image: Size, crop: Rect): Rect {
  return {
    x: (-crop.x / crop.width) * 100,
    y: (-crop.y / crop.height) * 100,
    width: (image.width / crop.width) * 100,
    height: (image.height / crop.height) * 100,
  };
}
