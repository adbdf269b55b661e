// Tiled rendering of a sheet page at the zoom of the view: which tiles cover the view at which level, an LRU of
// drawn tiles bounded by memory, and the queue that draws the missing ones and cancels those no longer needed.

/** A tile's side in bitmap pixels. */
export const TILE_SIZE = 512;
/**
 * Memory the drawn tiles of all sheets may hold (bytes; 4 per pixel): about 64 full tiles, what a large screen
 * (1600 × 1000) shows at one level with the level around it (was 192, then 96 MB, for the 50-page memory goal;
 * the tiles of pages no longer shown are dropped at once).
 */
export const TILE_MEMORY_BUDGET = 64 * 1024 * 1024;
/** The deepest level: 2^7 = 128 bitmap pixels per page unit (the zoom slider ends at ×117). */
export const MAX_TILE_LEVEL = 7;
/** The shallowest level tiles are drawn at (below it the whole-page bitmap is sharp enough). */
export const MIN_TILE_LEVEL = -4;
/** Tiles drawn at once (pdf.js draws on the main thread in slices; more in parallel only delays each). */
export const TILE_CONCURRENCY = 2;

/** One tile: a page, a zoom level (2^level bitmap pixels per page unit), a column and a row. */
export interface TileKey {
  readonly page: number;
  readonly level: number;
  readonly col: number;
  readonly row: number;
}

/** A tile with where it lies on the page (page units) and its bitmap size (pixels). */
export interface TilePlace extends TileKey {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
}

/** The view: screen = page × scale + (x, y), in CSS pixels. */
export interface TileView {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

export function tileKeyString(key: TileKey): string {
  return `${key.page}/${key.level}/${key.col}/${key.row}`;
}

/** Bitmap pixels per page unit at a level. */
export function levelScale(level: number): number {
  return 2 ** level;
}

/**
 * The level whose tiles are at least as fine as the screen's device pixels, so a tile is drawn shrunk by at most
 * half, never enlarged: a one-pixel line stays one or two device pixels wide.
 */
export function tileLevel(viewScale: number, devicePixelRatio = 1): number {
  const pixels = Math.max(1e-6, viewScale * devicePixelRatio);
  const level = Math.ceil(Math.log2(pixels) - 1e-9) || 0;
  return Math.min(MAX_TILE_LEVEL, Math.max(MIN_TILE_LEVEL, level));
}

/** Whether the whole-page bitmap (renderScale pixels per unit) is too coarse for the view, so tiles are needed. */
export function needsTiles(viewScale: number, devicePixelRatio: number, renderScale: number): boolean {
  return viewScale * devicePixelRatio > renderScale * 1.05;
}

/** The tile of a page at a level, clipped to the page's edge. */
export function tilePlace(
  key: TileKey,
  pageSize: { readonly width: number; readonly height: number },
): TilePlace {
  const s = levelScale(key.level);
  const fullWidth = Math.ceil(pageSize.width * s);
  const fullHeight = Math.ceil(pageSize.height * s);
  const pixelWidth = Math.max(0, Math.min(TILE_SIZE, fullWidth - key.col * TILE_SIZE));
  const pixelHeight = Math.max(0, Math.min(TILE_SIZE, fullHeight - key.row * TILE_SIZE));
  return {
    ...key,
    x: (key.col * TILE_SIZE) / s,
    y: (key.row * TILE_SIZE) / s,
    width: pixelWidth / s,
    height: pixelHeight / s,
    pixelWidth,
    pixelHeight,
  };
}

/**
 * The tiles of a page at a level that the view shows (a view of `viewSize` CSS pixels), nearest the view's centre
 * first so that what the user looks at arrives first.
 */
export function tilesCovering(
  view: TileView,
  viewSize: { readonly width: number; readonly height: number },
  pageSize: { readonly width: number; readonly height: number },
  page: number,
  level: number,
): TilePlace[] {
  if (view.scale <= 0 || viewSize.width <= 0 || viewSize.height <= 0) return [];
  const s = levelScale(level);
  // The view's rectangle in page units, cut to the page.
  const left = Math.max(0, -view.x / view.scale);
  const top = Math.max(0, -view.y / view.scale);
  const right = Math.min(pageSize.width, (viewSize.width - view.x) / view.scale);
  const bottom = Math.min(pageSize.height, (viewSize.height - view.y) / view.scale);
  if (right <= left || bottom <= top) return [];
  const col0 = Math.floor((left * s) / TILE_SIZE);
  const row0 = Math.floor((top * s) / TILE_SIZE);
  const col1 = Math.ceil((right * s) / TILE_SIZE) - 1;
  const row1 = Math.ceil((bottom * s) / TILE_SIZE) - 1;
  const centre = { x: (left + right) / 2, y: (top + bottom) / 2 };
  const tiles: TilePlace[] = [];
  for (let row = row0; row <= row1; row += 1)
    for (let col = col0; col <= col1; col += 1) {
      const place = tilePlace({ page, level, col, row }, pageSize);
      if (place.pixelWidth > 0 && place.pixelHeight > 0) tiles.push(place);
    }
  const away = (t: TilePlace) => Math.hypot(t.x + t.width / 2 - centre.x, t.y + t.height / 2 - centre.y);
  return tiles.sort((a, b) => away(a) - away(b));
}

/** A least-recently-used cache bounded by the bytes of what it holds; `onEvict` frees what leaves it. */
export class TileCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private used = 0;

  constructor(
    private readonly budget: number,
    private readonly onEvict: (value: V) => void = () => undefined,
  ) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether the key is held, without touching its place. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    // The newest stays even when it alone is over the budget (it is what the view shows).
    for (const [oldKey, entry] of this.entries) {
      if (this.used <= this.budget || oldKey === key) break;
      this.entries.delete(oldKey);
      this.used -= entry.bytes;
      this.onEvict(entry.value);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
    this.onEvict(entry.value);
  }

  /** Drops every key that starts with the prefix (one sheet's tiles). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }
}

/**
 * Draws the tiles the view wants, a few at a time, in the order given. Asking for another set cancels the tiles
 * under way that the new set no longer names (a pan or zoom moved on) and keeps those it still names.
 */
export class TileQueue {
  private queue: string[] = [];
  private readonly running = new Map<string, AbortController>();
  private readonly keys = new Map<string, TileKey>();

  constructor(
    private readonly draw: (key: TileKey, signal: AbortSignal) => Promise<void>,
    private readonly concurrency = TILE_CONCURRENCY,
  ) {}

  /** Tiles being drawn now. */
  get inFlight(): readonly string[] {
    return [...this.running.keys()];
  }

  /** Tiles waiting their turn. */
  get waiting(): readonly string[] {
    return [...this.queue];
  }

  /** The tiles wanted now (missing ones only), most wanted first. */
  want(tiles: readonly TileKey[]): void {
    const wanted = new Set<string>();
    for (const tile of tiles) {
      const id = tileKeyString(tile);
      wanted.add(id);
      this.keys.set(id, tile);
    }
    for (const [id, controller] of this.running)
      if (!wanted.has(id)) {
        controller.abort();
        this.running.delete(id);
      }
    this.queue = [...wanted].filter((id) => !this.running.has(id));
    for (const id of this.keys.keys()) if (!wanted.has(id) && !this.running.has(id)) this.keys.delete(id);
    this.pump();
  }

  /** Cancels everything. */
  stop(): void {
    this.want([]);
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.queue.length > 0) {
      const id = this.queue.shift();
      const key = id === undefined ? undefined : this.keys.get(id);
      if (id === undefined || !key) continue;
      const controller = new AbortController();
      this.running.set(id, controller);
      const done = () => {
        if (this.running.get(id) === controller) this.running.delete(id);
        if (!this.running.has(id) && !this.queue.includes(id)) this.keys.delete(id);
        if (!controller.signal.aborted) this.pump();
      };
      this.draw(key, controller.signal).then(done, done);
    }
  }
}
