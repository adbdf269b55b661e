import { describe, expect, it } from 'vitest';
import { liftNearBlack, scanLinePositions, whiteToTransparent, type Pixels } from './image-filters';
import { fitWithin } from './image-size';

function pixels(width: number, height: number, rgb: readonly [number, number, number]): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([rgb[0], rgb[1], rgb[2], 255], i);
  return { width, height, data };
}

function paint(target: Pixels, x: number, y: number, rgb: readonly [number, number, number]) {
  target.data.set([rgb[0], rgb[1], rgb[2], 255], (y * target.width + x) * 4);
}

describe('compare filters', () => {
  it('turn white paper transparent and keep ink opaque', () => {
    const image = pixels(2, 1, [255, 255, 255]);
    paint(image, 1, 0, [20, 20, 20]);
    const out = whiteToTransparent(image);
    expect(out.data[3]).toBe(0);
    expect(out.data[7]).toBe(255);
    expect(image.data[3]).toBe(255);
  });

  it('lift near-black ink to the tint and leave light pixels alone', () => {
    const image = pixels(2, 1, [10, 10, 10]);
    paint(image, 1, 0, [200, 200, 200]);
    const out = liftNearBlack(image, [0, 0, 255]);
    expect(Array.from(out.data.slice(0, 4))).toEqual([0, 0, 255, 255]);
    expect(Array.from(out.data.slice(4, 8))).toEqual([200, 200, 200, 255]);
  });
});

describe('line position scan', () => {
  it('finds the nearest drawn line in each direction, nearest first', () => {
    const image = pixels(50, 50, [255, 255, 255]);
    for (let y = 0; y < 50; y += 1) paint(image, 40, y, [0, 0, 0]);
    for (let x = 0; x < 50; x += 1) paint(image, x, 12, [0, 0, 0]);
    const found = scanLinePositions(image, 20, 20);
    expect(found.map((hit) => [hit.direction, hit.x, hit.y])).toEqual([
      ['up', 20, 12],
      ['right', 40, 20],
    ]);
  });

  it('stops scanning after the maximum distance', () => {
    const image = pixels(1200, 1, [255, 255, 255]);
    paint(image, 1100, 0, [0, 0, 0]);
    expect(scanLinePositions(image, 0, 0)).toEqual([]);
    expect(scanLinePositions(image, 0, 0, 1100)).toHaveLength(1);
  });
});

describe('image resize', () => {
  it('scales down to the maximum width and height keeping the aspect ratio', () => {
    expect(fitWithin({ width: 6000, height: 4000 }, 1500, 1500)).toEqual({ width: 1500, height: 1000 });
    expect(fitWithin({ width: 1000, height: 4000 }, 1500, 1000)).toEqual({ width: 250, height: 1000 });
    expect(fitWithin({ width: 300, height: 200 }, 1500, 1500)).toEqual({ width: 300, height: 200 });
    expect(fitWithin({ width: 0, height: 10 }, 10, 10)).toEqual({ width: 0, height: 0 });
  });
});
