import { drawPlan, type Rect, type Size } from './crop-geometry.ts';

/**
 * Draws the crop of a loaded image into a canvas of exactly the output size and encodes it as PNG (lossless,
 * keeps transparency; the server re-encodes it anyway). Rejects when the browser cannot encode.
 */
export function renderCrop(image: HTMLImageElement, crop: Rect, output: Size): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d canvas'));
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const { source, target } = drawPlan(size, crop, output);
  if (source.width > 0 && source.height > 0) {
    context.drawImage(
      image,
      source.x,
      source.y,
      source.width,
      source.height,
      target.x,
      target.y,
      target.width,
      target.height,
    );
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the image could not be encoded'))),
      'image/png',
    );
  });
}
