import { ANONYMOUS_IMAGE_PARAM } from '../model/editor-constants';

/** The spec's image failure (editor §8.1); the interface shows it translated. */
export const IMAGE_LOAD_ERROR = 'error loading image';

export class ImageLoadError extends Error {
  constructor() {
    super(IMAGE_LOAD_ERROR);
    this.name = 'ImageLoadError';
  }
}

/** Image files are fetched with an anonymous-request marker (spec §7); inline URLs have no query to mark. */
export function withAnonymousMarker(url: string, base = window.location.href): string {
  if (url.startsWith('data:') || url.startsWith('blob:')) return url;
  const parsed = new URL(url, base);
  parsed.searchParams.set(ANONYMOUS_IMAGE_PARAM, 'true');
  return parsed.href;
}

function decode(objectUrl: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new ImageLoadError());
    image.src = objectUrl;
  });
}

/** Fetches an image as a blob and decodes it; any failure becomes 'error loading image'. */
export async function loadImage(url: string, signal?: AbortSignal): Promise<HTMLImageElement> {
  let blob: Blob;
  try {
    const response = await fetch(withAnonymousMarker(url), { signal });
    if (!response.ok) throw new ImageLoadError();
    blob = await response.blob();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ImageLoadError();
  }
  const objectUrl = URL.createObjectURL(blob);
  try {
    return await decode(objectUrl);
  } finally {
    URL.revokeObjectURL(objectUrl);
  }
}
