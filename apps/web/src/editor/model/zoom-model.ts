import {
  WHEEL_DELTA_DIVISOR,
  ZOOM_FACTOR,
  ZOOM_MIN_RELATIVE_CHANGE,
  ZOOM_SLIDER_MAX,
  ZOOM_SLIDER_MIN,
  ZOOM_SLIDER_UNIT,
  ZOOM_THROTTLE_MULTIPLIER,
} from './editor-constants';
import { clamp } from './geometry';

/** The smallest and largest scale, i.e. the slider's ends. */
export const MIN_SCALE = ZOOM_FACTOR ** (ZOOM_SLIDER_MIN - ZOOM_SLIDER_UNIT);
export const MAX_SCALE = ZOOM_FACTOR ** (ZOOM_SLIDER_MAX - ZOOM_SLIDER_UNIT);

/** Each slider step multiplies the scale by the zoom factor; the unit value is scale 1. */
export function sliderToScale(value: number): number {
  return ZOOM_FACTOR ** (clamp(value, ZOOM_SLIDER_MIN, ZOOM_SLIDER_MAX) - ZOOM_SLIDER_UNIT);
}

export function scaleToSlider(scale: number): number {
  const value = ZOOM_SLIDER_UNIT + Math.log(scale) / Math.log(ZOOM_FACTOR);
  return clamp(value, ZOOM_SLIDER_MIN, ZOOM_SLIDER_MAX);
}

export function clampScale(scale: number): number {
  return clamp(scale, MIN_SCALE, MAX_SCALE);
}

/** Wheel delta / 40 zoom steps of 1.1; scrolling down (positive delta) zooms out. */
export function wheelScale(scale: number, deltaY: number): number {
  return clampScale(scale * ZOOM_FACTOR ** (-deltaY / WHEEL_DELTA_DIVISOR));
}

/** A pinch's change is amplified by the throttle multiplier so the page keeps up with the fingers. */
export function pinchScale(scale: number, distanceRatio: number): number {
  return clampScale(scale * (1 + (distanceRatio - 1) * ZOOM_THROTTLE_MULTIPLIER));
}

/** Tiny changes are ignored: they only cause redraws and jitter. */
export function isSignificantZoom(from: number, to: number): boolean {
  return Math.abs(to / from - 1) >= ZOOM_MIN_RELATIVE_CHANGE;
}
