import { useEffect, useMemo, useRef, type Dispatch, type SetStateAction } from 'react';
import type { Extent, SheetTiles, SheetView } from './sheet-paint.ts';
import { TileQueue, needsTiles, tileLevel, tilesCovering, type TileKey } from './tiles.ts';

/** How often a moving view asks for its tiles (ms): intermediate views of a fast gesture are skipped. */
const TILE_REQUEST_INTERVAL = 120;

/**
 * Asks for the sharp tiles the view needs: a queue per tile source; each tile drawn bumps `setTileTick` (which
 * draws the view again), a moving view asks for its tiles at most every TILE_REQUEST_INTERVAL ms and cancels the
 * stale ones; a view the page bitmap serves stops the queue.
 */
export function useSheetTiles(
  tiles: SheetTiles | null,
  view: SheetView,
  size: Extent,
  page: Extent,
  setTileTick: Dispatch<SetStateAction<number>>,
): void {
  const { width, height } = page;
  const queue = useMemo(
    () =>
      tiles
        ? new TileQueue(async (key, signal) => {
            await tiles.source.draw(key, signal);
            if (!signal.aborted) setTileTick((n) => n + 1);
          })
        : null,
    [tiles, setTileTick],
  );
  useEffect(() => () => queue?.stop(), [queue]);
  const lastRequest = useRef(0);
  useEffect(() => {
    if (!queue || !tiles) return;
    const ask = () => {
      lastRequest.current = performance.now();
      const dpr = window.devicePixelRatio || 1;
      if (!needsTiles(view.scale, dpr, tiles.renderScale)) {
        queue.stop();
        return;
      }
      const level = tileLevel(view.scale, dpr);
      const wanted: TileKey[] = tilesCovering(view, size, { width, height }, tiles.page, level).filter(
        (tile) => !tiles.source.cached(tile),
      );
      queue.want(wanted);
    };
    const wait = TILE_REQUEST_INTERVAL - (performance.now() - lastRequest.current);
    if (wait <= 0) {
      ask();
      return;
    }
    const timer = setTimeout(ask, wait);
    return () => clearTimeout(timer);
  }, [queue, tiles, view, size, width, height]);
}
