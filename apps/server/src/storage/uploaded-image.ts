import { AppError } from '@obra/domain';
import type { FileStore } from './file-store.ts';
import { IMAGE_EXTENSIONS, sniffImageType, SNIFF_BYTES, type ImageType } from './image-content.ts';

const MAX_FILE_NAME = 255;

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Screens the name an image upload is asked for, before any address is handed out: SELECT_FILE when empty,
 * BAD_USER_INPUT past 255 characters, FILE_EXTENSION_NOT_ALLOWED for a name that is not an image's (an early
 * screen only: the content decides). Returns the trimmed name.
 */
export function checkImageFileName(filename: string): string {
  const fileName = filename.trim();
  if (fileName === '') throw new AppError('SELECT_FILE');
  if (fileName.length > MAX_FILE_NAME)
    throw new AppError('BAD_USER_INPUT', 'file name too long', { field: 'filename' });
  if (!IMAGE_EXTENSIONS.has(extensionOf(fileName))) throw new AppError('FILE_EXTENSION_NOT_ALLOWED');
  return fileName;
}

/** Why a stored upload is refused. */
export type UploadRefusal = 'FILE_SIZE_LIMIT_EXCEEDED' | 'SELECT_FILE' | 'FILE_EXTENSION_NOT_ALLOWED';

/** What an upload turned out to be. */
export type UploadedImage =
  | { readonly state: 'missing' }
  | { readonly state: 'refused'; readonly code: UploadRefusal }
  | { readonly state: 'image'; readonly bytes: Buffer; readonly contentType: ImageType };

/**
 * Reads back what a client uploaded to `key` and checks it: `missing` when nothing arrived (yet); refused when
 * larger than `maxBytes` (FILE_SIZE_LIMIT_EXCEEDED: on S3 the size is only known here), empty (SELECT_FILE) or not
 * PNG, JPEG, GIF or WebP by its magic bytes (FILE_EXTENSION_NOT_ALLOWED). Decoding is the caller's next step
 * (what it makes of the pixels differs); bytes that do not decode are FILE_EXTENSION_NOT_ALLOWED too.
 */
export async function readUploadedImage(
  store: FileStore,
  key: string,
  maxBytes: number,
): Promise<UploadedImage> {
  const info = await store.stat(key);
  if (!info) return { state: 'missing' };
  if (info.size > maxBytes) return { state: 'refused', code: 'FILE_SIZE_LIMIT_EXCEEDED' };
  if (info.size === 0) return { state: 'refused', code: 'SELECT_FILE' };
  const bytes = await store.read(key);
  // Checked again: a client may have PUT another body to the same address between the two calls.
  if (bytes.length > maxBytes) return { state: 'refused', code: 'FILE_SIZE_LIMIT_EXCEEDED' };
  const contentType = sniffImageType(bytes.subarray(0, SNIFF_BYTES));
  if (!contentType) return { state: 'refused', code: 'FILE_EXTENSION_NOT_ALLOWED' };
  return { state: 'image', bytes, contentType };
}
