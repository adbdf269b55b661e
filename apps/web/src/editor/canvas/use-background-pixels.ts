import { useCallback, useRef } from 'react';
import type { Pixels } from '../model/image-filters';
import type { SourcesStatus } from './use-background-sources';

/** Reads the top image's full-size pixels once, on the align tool's first click, for the line scan. */
export function useBackgroundPixels(status: SourcesStatus): () => Pixels | null {
  const cache = useRef<{ status: SourcesStatus; pixels: Pixels | null } | null>(null);
  return useCallback(() => {
    if (cache.current?.status === status) return cache.current.pixels;
    let pixels: Pixels | null = null;
    if (status.status === 'ready') {
      const top = status.loaded[status.loaded.length - 1];
      const level = top?.levels[0];
      const context = level?.canvas.getContext('2d', { willReadFrequently: true });
      if (level && context && level.scale === 1) {
        const data = context.getImageData(0, 0, level.canvas.width, level.canvas.height);
        pixels = { width: data.width, height: data.height, data: data.data };
      }
    }
    cache.current = { status, pixels };
    return pixels;
  }, [status]);
}
