/**
 * Photos taken offline are made smaller in the browser before they are queued (issue 34, docs/offline.md): the
 * longest side at most 2,000 px, re-encoded as JPEG, so the outbox (IndexedDB) and the later upload stay small.
 */
export const QUEUED_PHOTO_MAX_SIDE = 2000;
export const QUEUED_PHOTO_QUALITY = 0.85;

/** The size a photo is drawn at: scaled down (never up) so its longest side is at most `max`. */
export function fittedSize(
  width: number,
  height: number,
  max = QUEUED_PHOTO_MAX_SIDE,
): { width: number; height: number; scaled: boolean } {
  const longest = Math.max(width, height);
  if (longest <= max || longest === 0) return { width, height, scaled: false };
  const ratio = max / longest;
  return {
    width: Math.max(1, Math.round(width * ratio)),
    height: Math.max(1, Math.round(height * ratio)),
    scaled: true,
  };
}

/** The file name of the JPEG made from `name`. */
export function jpegName(name: string): string {
  return `${name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`;
}

/**
 * The photo to queue: a JPEG whose longest side is at most 2,000 px (on white: a PNG's transparent parts would
 * turn black). A small JPEG is kept as it is; a browser that cannot decode the file keeps it too.
 */
export async function resizePhotoForQueue(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || !file.type.startsWith('image/')) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const size = fittedSize(bitmap.width, bitmap.height);
  if (!size.scaled && file.type === 'image/jpeg') {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', QUEUED_PHOTO_QUALITY),
  );
  if (!blob) return file;
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
