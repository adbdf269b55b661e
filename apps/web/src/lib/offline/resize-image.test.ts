import { describe, expect, it } from 'vitest';
import { fittedSize, jpegName } from './resize-image.ts';

describe('photos resized before queueing (issue 34)', () => {
  it('scales the longest side down to 2,000 px, keeping the proportions', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: 2000, height: 1500, scaled: true });
    expect(fittedSize(3000, 4000)).toEqual({ width: 1500, height: 2000, scaled: true });
  });

  it('never scales a small photo up', () => {
    expect(fittedSize(1600, 1200)).toEqual({ width: 1600, height: 1200, scaled: false });
    expect(fittedSize(2000, 10)).toEqual({ width: 2000, height: 10, scaled: false });
  });

  it('names the JPEG after the photo', () => {
    expect(jpegName('IMG_0042.HEIC.png')).toBe('IMG_0042.HEIC.jpg');
    expect(jpegName('subsolo.png')).toBe('subsolo.jpg');
  });
});
