import type { Size } from './geometry';

/** Scales down to fit within the maximum width and height keeping the aspect ratio; never scales up. */
export function fitWithin(size: Size, maxWidth: number, maxHeight: number): Size {
  if (size.width <= 0 || size.height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(1, maxWidth / size.width, maxHeight / size.height);
  return { width: Math.round(size.width * ratio), height: Math.round(size.height * ratio) };
}
