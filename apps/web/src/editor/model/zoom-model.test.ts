import { describe, expect, it } from 'vitest';
import {
  isSignificantZoom,
  MAX_SCALE,
  MIN_SCALE,
  pinchScale,
  scaleToSlider,
  sliderToScale,
  wheelScale,
} from './zoom-model';

describe('zoom model', () => {
  it('multiplies the scale by 1.1 per slider step within 10–100', () => {
    expect(sliderToScale(51) / sliderToScale(50)).toBeCloseTo(1.1);
    expect(sliderToScale(50)).toBe(1);
    expect(sliderToScale(5)).toBe(MIN_SCALE);
    expect(sliderToScale(500)).toBe(MAX_SCALE);
    expect(scaleToSlider(sliderToScale(37))).toBeCloseTo(37);
    expect(scaleToSlider(1e-9)).toBe(10);
    expect(scaleToSlider(1e9)).toBe(100);
  });

  it('divides the wheel delta by 40 to get zoom steps', () => {
    expect(wheelScale(1, -40)).toBeCloseTo(1.1);
    expect(wheelScale(1, 80)).toBeCloseTo(1 / 1.21);
  });

  it('amplifies pinch changes by the multiplier 2', () => {
    expect(pinchScale(1, 1.1)).toBeCloseTo(1.2);
    expect(pinchScale(2, 0.95)).toBeCloseTo(1.8);
  });

  it('ignores relative changes smaller than 0.005', () => {
    expect(isSignificantZoom(1, 1.004)).toBe(false);
    expect(isSignificantZoom(1, 1.006)).toBe(true);
    expect(isSignificantZoom(2, 1.995)).toBe(false);
  });
});
