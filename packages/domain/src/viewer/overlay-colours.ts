/**
 * Overlay compare colours (spec editor §4.4 "compared with an overlay… filters can turn white to transparent and
 * lift near-black", issue 15): the base sheet's ink in red, the compared sheet's ink in cyan, the ink both share
 * dark, paper transparent. Pixels are RGBA bytes as a canvas gives them, so the rules run without a canvas.
 */

/** An RGBA colour, 0–255 each. */
export type Rgba = readonly [number, number, number, number];

/** Ink only on the base sheet (what was removed by the compared revision). */
export const OVERLAY_BASE_COLOUR: Rgba = [220, 20, 20, 255];
/** Ink only on the compared sheet (what the compared revision added). */
export const OVERLAY_COMPARED_COLOUR: Rgba = [0, 170, 210, 255];
/** Ink on both sheets (unchanged). */
export const OVERLAY_COMMON_COLOUR: Rgba = [40, 40, 40, 255];
/** Paper on both sheets, when white is not made transparent. */
export const OVERLAY_PAPER_COLOUR: Rgba = [255, 255, 255, 255];
/** Paper on both, made transparent. */
export const OVERLAY_TRANSPARENT: Rgba = [0, 0, 0, 0];

/** Luminance at or above this is paper (white); below it is ink. */
export const OVERLAY_WHITE_THRESHOLD = 235;
/** Luminance at or below this is near-black ink, which "lift near-black" brings up to the sheet's colour. */
export const OVERLAY_NEAR_BLACK_THRESHOLD = 80;

/** The overlay filters of spec editor §4.4. */
export interface OverlayFilters {
  /** Paper becomes transparent (otherwise white). */
  readonly whiteToTransparent: boolean;
  /**
   * Ink takes its sheet's colour (red / cyan; dark where both have it). Without it only near-black ink is coloured
   * and lighter ink (hatching, greyed references) keeps its own grey, so the colours mark the strong lines only.
   */
  readonly liftNearBlack: boolean;
}

/** Both filters on: the overlay as the viewer opens it. */
export const DEFAULT_OVERLAY_FILTERS: OverlayFilters = { whiteToTransparent: true, liftNearBlack: true };

/** Luminance of an RGB colour (ITU-R BT.601 weights). */
export function luminanceOf(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** The ink strength of a pixel: its luminance, or paper (255) when it is transparent. */
function pixelLuminance(data: ArrayLike<number>, offset: number): number {
  if ((data[offset + 3] ?? 0) === 0) return 255;
  return luminanceOf(data[offset] ?? 255, data[offset + 1] ?? 255, data[offset + 2] ?? 255);
}

/**
 * The overlay colour of one point from the luminance of each sheet there (255 where a sheet has nothing, e.g.
 * outside its page).
 */
export function overlayColour(
  baseLuminance: number,
  comparedLuminance: number,
  filters: OverlayFilters = DEFAULT_OVERLAY_FILTERS,
): Rgba {
  const baseInk = baseLuminance < OVERLAY_WHITE_THRESHOLD;
  const comparedInk = comparedLuminance < OVERLAY_WHITE_THRESHOLD;
  if (!baseInk && !comparedInk)
    return filters.whiteToTransparent ? OVERLAY_TRANSPARENT : OVERLAY_PAPER_COLOUR;
  if (baseInk && comparedInk) return OVERLAY_COMMON_COLOUR;
  const ink = baseInk ? baseLuminance : comparedLuminance;
  if (!filters.liftNearBlack && ink > OVERLAY_NEAR_BLACK_THRESHOLD) {
    const grey = Math.round(ink);
    return [grey, grey, grey, 255];
  }
  return baseInk ? OVERLAY_BASE_COLOUR : OVERLAY_COMPARED_COLOUR;
}

/**
 * Composites two equally sized RGBA pixel arrays into the overlay (written into `out`, which may be a canvas's
 * ImageData buffer). Both arrays must have the same length, a multiple of 4.
 */
export function compositeOverlay(
  base: ArrayLike<number>,
  compared: ArrayLike<number>,
  out: { [index: number]: number; readonly length: number },
  filters: OverlayFilters = DEFAULT_OVERLAY_FILTERS,
): void {
  if (base.length !== compared.length || out.length !== base.length || base.length % 4 !== 0)
    throw new RangeError('overlay pixel arrays must have the same RGBA length');
  for (let offset = 0; offset < base.length; offset += 4) {
    const colour = overlayColour(pixelLuminance(base, offset), pixelLuminance(compared, offset), filters);
    out[offset] = colour[0];
    out[offset + 1] = colour[1];
    out[offset + 2] = colour[2];
    out[offset + 3] = colour[3];
  }
}
