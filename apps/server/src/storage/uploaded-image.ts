import { AppError, MAX_IMAGE_FILE_BYTES } from '@obra/domain';
import type { FileStore } from './file-store.ts';
import { IMAGE_EXTENSIONS, sniffImageType, SNIFF_BYTES, type ImageType } from './image-content.ts';

const MAX_FILE_NAME = 255;

/** How long an image upload address is valid. */
const UPLOAD_URL_SECONDS = 15 * 60;
/** How long a pending image upload may still be confirmed (the address's life plus a margin for slow uploads). */
const IMAGE_PENDING_SECONDS = 60 * 60;

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

/** Where a client PUTs one image (at most MAX_IMAGE_FILE_BYTES), as the create mutations answer it. */
export interface ImageUploadAddress {
  readonly url: string;
  readonly method: 'PUT';
  readonly expiresAt: Date;
  readonly maxSize: number;
}

/**
 * The first half of an image upload, for issue and comment images and profile images alike: `record` stores the
 * pending row (pending until `pendingUntil`, IMAGE_PENDING_SECONDS from now), then a signed address to PUT at most
 * MAX_IMAGE_FILE_BYTES to `key` is handed out (valid 15 minutes).
 */
export async function startImageUpload(
  store: FileStore,
  key: string,
  origin: string,
  record: (pendingUntil: Date) => Promise<unknown>,
): Promise<ImageUploadAddress> {
  const now = Date.now();
  const expires = Math.floor(now / 1000) + UPLOAD_URL_SECONDS;
  await record(new Date(now + IMAGE_PENDING_SECONDS * 1000));
  const url = await store.uploadUrl(key, { origin, expires, maxBytes: MAX_IMAGE_FILE_BYTES });
  return { url, method: 'PUT', expiresAt: new Date(expires * 1000), maxSize: MAX_IMAGE_FILE_BYTES };
}

/** A pending image upload as confirmImageUpload reads it. */
export interface PendingImageUpload {
  /** Where the client PUT the bytes. */
  readonly key: string;
  readonly expiresAt: Date;
  /** Forgets the upload: its object and its row. */
  readonly discard: () => Promise<void>;
}

/**
 * The second half of an image upload, its one confirmation: an expired upload is discarded (USER_UPLOAD_ERROR);
 * while nothing arrived it stays for a retry (USER_UPLOAD_ERROR); bytes readUploadedImage refuses, or that
 * `decode` cannot read, are discarded with their code (FILE_EXTENSION_NOT_ALLOWED for an image that does not
 * decode). What the area keeps of the decoded image (a thumbnail, an image of exact size) and how its row turns
 * confirmed is `keep`'s.
 */
export async function confirmImageUpload<D, T>(
  store: FileStore,
  pending: PendingImageUpload,
  decode: (bytes: Buffer) => Promise<D>,
  keep: (decoded: D, upload: { bytes: Buffer; contentType: ImageType }) => Promise<T>,
): Promise<T> {
  if (pending.expiresAt.getTime() < Date.now()) {
    await pending.discard();
    throw new AppError('USER_UPLOAD_ERROR', 'the upload expired');
  }
  const refuse = async (code: UploadRefusal): Promise<never> => {
    await pending.discard();
    throw new AppError(code);
  };
  const upload = await readUploadedImage(store, pending.key, MAX_IMAGE_FILE_BYTES);
  if (upload.state === 'missing') throw new AppError('USER_UPLOAD_ERROR', 'nothing was uploaded');
  if (upload.state === 'refused') return refuse(upload.code);
  const decoded = await decode(upload.bytes).catch(() => undefined);
  if (decoded === undefined) return refuse('FILE_EXTENSION_NOT_ALLOWED');
  return keep(decoded, upload);
}
