import { useEffect, useMemo, useState } from 'react';
import type { CompareState } from '../model/editor-state';
import type { Rgb } from '../model/image-filters';
import type { BackgroundSource } from './background-layer';
import { filterPyramid, buildPyramid, type PyramidLevel } from './image-pyramid';
import { loadImage } from './image-loader';

/** Revisions read as red (first) and blue (second) when their ink is lifted, as in common overlay viewers. */
export const COMPARE_TINTS: readonly Rgb[] = [
  [224, 49, 49],
  [28, 126, 214],
];

interface Loaded {
  readonly size: { width: number; height: number };
  readonly levels: readonly PyramidLevel[];
}

export type SourcesStatus =
  | { readonly status: 'loading' }
  | { readonly status: 'error' }
  | { readonly status: 'ready'; readonly loaded: readonly Loaded[] };

/** Loads the images once per list of URLs and builds their pyramids. */
export function useLoadedImages(urls: readonly string[]): SourcesStatus {
  const key = urls.join('\n');
  const [status, setStatus] = useState<SourcesStatus>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setStatus({ status: 'loading' });
    const list = key.split('\n').filter(Boolean);
    Promise.all(list.map((url) => loadImage(url, controller.signal)))
      .then((images) => {
        if (controller.signal.aborted) return;
        const loaded = images.map((image) => {
          const size = { width: image.naturalWidth, height: image.naturalHeight };
          return { size, levels: buildPyramid(image, size) };
        });
        setStatus({ status: 'ready', loaded });
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus({ status: 'error' });
      });
    return () => controller.abort();
  }, [key]);
  return status;
}

/** Adds the filtered copies the compare overlay draws; recomputed only when a filter is toggled. */
export function useBackgroundSources(
  status: SourcesStatus,
  compare: CompareState | null,
): BackgroundSource[] {
  const comparing = compare !== null;
  const white = compare?.whiteToTransparent ?? false;
  const lift = compare?.liftNearBlack ?? false;
  return useMemo(() => {
    if (status.status !== 'ready') return [];
    return status.loaded.map((item, index) => {
      if (!comparing) return { ...item, filtered: item.levels };
      // The first image stays opaque: it is the paper the second is laid on.
      const options = {
        whiteToTransparent: index > 0 && white,
        liftNearBlack: lift,
        tint: COMPARE_TINTS[index] ?? [0, 0, 0],
      };
      return { ...item, filtered: filterPyramid(item.levels, options) };
    });
  }, [status, comparing, white, lift]);
}
