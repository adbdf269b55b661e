import { describe, expect, it } from 'vitest';
import {
  MAX_TILE_LEVEL,
  TILE_SIZE,
  TileCache,
  TileQueue,
  needsTiles,
  tileKeyString,
  tileLevel,
  tilePlace,
  tilesCovering,
  type TileKey,
} from './tiles.ts';

const A0 = { width: 3370, height: 2384 };

describe('tile level', () => {
  it('is the first power of two at least as fine as the device pixels', () => {
    expect(tileLevel(1)).toBe(0);
    expect(tileLevel(1.5)).toBe(1);
    expect(tileLevel(2)).toBe(1);
    expect(tileLevel(2.01)).toBe(2);
    expect(tileLevel(0.3)).toBe(-1);
    // Device pixels count: scale 3 on a 2× screen is 6 pixels per unit.
    expect(tileLevel(3, 2)).toBe(3);
  });

  it('stops at the deepest level', () => {
    expect(tileLevel(117)).toBe(MAX_TILE_LEVEL);
    expect(tileLevel(1000)).toBe(MAX_TILE_LEVEL);
  });

  it('needs tiles only when the whole-page bitmap would be enlarged', () => {
    expect(needsTiles(1, 1, 1.2)).toBe(false);
    expect(needsTiles(1, 2, 1.2)).toBe(true);
    expect(needsTiles(8, 1, 1.2)).toBe(true);
  });
});

describe('tiles covering a view', () => {
  it('cuts the last column and row at the page edge', () => {
    const last = tilePlace({ page: 1, level: 0, col: 6, row: 4 }, A0);
    expect(last.pixelWidth).toBe(3370 - 6 * TILE_SIZE);
    expect(last.pixelHeight).toBe(2384 - 4 * TILE_SIZE);
    expect(last.x).toBe(6 * TILE_SIZE);
    expect(tilePlace({ page: 1, level: 1, col: 2, row: 0 }, A0)).toMatchObject({ x: 512, width: 256 });
  });

  it('lists the tiles of the visible region at the level, nearest the centre first', () => {
    // Scale 4 (level 2: 4 px per unit, 128 units per tile); the view shows page x 100–420, y 50–250.
    const view = { scale: 4, x: -400, y: -200 };
    const tiles = tilesCovering(view, { width: 1280, height: 800 }, A0, 3, 2);
    const cells = tiles.map((t) => `${t.col},${t.row}`).sort();
    // Columns 0 (0–128) to 3 (384–512), rows 0 (0–128) and 1 (128–256).
    expect(cells).toEqual(['0,0', '0,1', '1,0', '1,1', '2,0', '2,1', '3,0', '3,1']);
    expect(tiles.every((t) => t.page === 3 && t.level === 2)).toBe(true);
    // The centre (260, 150) lies in column 2, row 1.
    expect(`${tiles[0]?.col},${tiles[0]?.row}`).toBe('2,1');
  });

  it('covers the view exactly: every visible page point is in one tile, none outside the view', () => {
    const view = { scale: 2.7, x: -1234.5, y: -987.25 };
    const size = { width: 1000, height: 700 };
    const level = tileLevel(view.scale);
    const tiles = tilesCovering(view, size, A0, 1, level);
    for (let sx = 0; sx <= size.width; sx += 50)
      for (let sy = 0; sy <= size.height; sy += 50) {
        const p = { x: (sx - view.x) / view.scale, y: (sy - view.y) / view.scale };
        const inside = tiles.filter(
          (t) => p.x >= t.x && p.x <= t.x + t.width && p.y >= t.y && p.y <= t.y + t.height,
        );
        expect(inside.length).toBeGreaterThanOrEqual(1);
      }
    for (const t of tiles) {
      const screenLeft = t.x * view.scale + view.x;
      const screenTop = t.y * view.scale + view.y;
      expect(screenLeft).toBeLessThan(size.width);
      expect(screenTop).toBeLessThan(size.height);
      expect(screenLeft + t.width * view.scale).toBeGreaterThan(0);
      expect(screenTop + t.height * view.scale).toBeGreaterThan(0);
    }
  });

  it('is empty when the page is out of the view', () => {
    expect(tilesCovering({ scale: 1, x: 5000, y: 0 }, { width: 800, height: 600 }, A0, 1, 0)).toEqual([]);
    expect(tilesCovering({ scale: 1, x: 0, y: 0 }, { width: 0, height: 600 }, A0, 1, 0)).toEqual([]);
  });

  it('needs about as many tiles as the view holds, whatever the zoom', () => {
    const size = { width: 1280, height: 800 };
    for (const scale of [1.3, 5, 20, 100]) {
      const level = tileLevel(scale);
      const tiles = tilesCovering({ scale, x: -scale * 1000, y: -scale * 800 }, size, A0, 1, level);
      // At most twice the screen's pixels per side, plus a partial tile at each edge.
      expect(tiles.length).toBeLessThanOrEqual((Math.ceil(2560 / 512) + 1) * (Math.ceil(1600 / 512) + 1));
      expect(tiles.length).toBeGreaterThan(0);
    }
  });
});

describe('tile cache', () => {
  it('drops the least recently used entries beyond its memory budget and frees them', () => {
    const freed: string[] = [];
    const cache = new TileCache<string>(300, (v) => freed.push(v));
    cache.set('a', 'A', 100);
    cache.set('b', 'B', 100);
    cache.set('c', 'C', 100);
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('d', 'D', 100);
    expect(freed).toEqual(['B']);
    expect(cache.has('b')).toBe(false);
    expect(cache.bytes).toBe(300);
    cache.set('e', 'E', 250);
    expect(freed).toEqual(['B', 'C', 'A', 'D']);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(250);
  });

  it('keeps the newest entry even when it alone exceeds the budget', () => {
    const cache = new TileCache<string>(100);
    cache.set('a', 'A', 50);
    cache.set('big', 'BIG', 500);
    expect(cache.has('big')).toBe(true);
    expect(cache.has('a')).toBe(false);
  });

  it('replaces a key without counting it twice and drops one sheet by prefix', () => {
    const freed: string[] = [];
    const cache = new TileCache<string>(1000, (v) => freed.push(v));
    cache.set('s1:1/0/0/0', 'x', 100);
    cache.set('s1:1/0/0/0', 'y', 100);
    cache.set('s2:1/0/0/0', 'z', 100);
    expect(cache.bytes).toBe(200);
    cache.deletePrefix('s1:');
    expect(freed).toEqual(['x', 'y']);
    expect(cache.has('s2:1/0/0/0')).toBe(true);
    expect(cache.bytes).toBe(100);
  });
});

describe('tile queue', () => {
  function harness() {
    const started: string[] = [];
    const aborted: string[] = [];
    const finish = new Map<string, () => void>();
    const queue = new TileQueue(
      (key, signal) =>
        new Promise<void>((resolve) => {
          const id = tileKeyString(key);
          started.push(id);
          signal.addEventListener('abort', () => {
            aborted.push(id);
            resolve();
          });
          finish.set(id, resolve);
        }),
      2,
    );
    return { queue, started, aborted, finish };
  }
  const key = (col: number, level = 3): TileKey => ({ page: 1, level, col, row: 0 });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('draws a few tiles at a time in the order asked', async () => {
    const { queue, started, finish } = harness();
    queue.want([key(0), key(1), key(2)]);
    expect(started).toEqual(['1/3/0/0', '1/3/1/0']);
    expect(queue.waiting).toEqual(['1/3/2/0']);
    finish.get('1/3/0/0')?.();
    await flush();
    expect(started).toEqual(['1/3/0/0', '1/3/1/0', '1/3/2/0']);
  });

  it('cancels the stale tiles of a view that moved on and keeps those still wanted', async () => {
    const { queue, started, aborted } = harness();
    queue.want([key(0), key(1), key(2)]);
    // Zoomed: another level. Tile 1 of level 3 is still wanted, tile 0 is not.
    queue.want([key(1), key(0, 4), key(1, 4)]);
    expect(aborted).toEqual(['1/3/0/0']);
    expect(queue.inFlight).toEqual(['1/3/1/0', '1/4/0/0']);
    expect(queue.waiting).toEqual(['1/4/1/0']);
    await flush();
    expect(started).toEqual(['1/3/0/0', '1/3/1/0', '1/4/0/0']);
    queue.stop();
    expect(aborted).toEqual(['1/3/0/0', '1/3/1/0', '1/4/0/0']);
    expect(queue.waiting).toEqual([]);
  });

  it('draws a tile cancelled then wanted again', async () => {
    const { queue, started, finish } = harness();
    queue.want([key(0)]);
    queue.want([]);
    queue.want([key(0)]);
    await flush();
    expect(started).toEqual(['1/3/0/0', '1/3/0/0']);
    finish.get('1/3/0/0')?.();
    await flush();
    expect(queue.inFlight).toEqual([]);
  });
});
