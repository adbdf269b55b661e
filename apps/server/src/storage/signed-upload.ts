import { AppError, MAX_IMAGE_FILE_BYTES } from '@obra/domain';
import type { FileStore } from './file-store.ts';
import { IMAGE_EXTENSIONS, sniffImageType, SNIFF_BYTES, type ImageType } from './image-content.ts';

/**
 * The one signed-upload mechanism (issue 29, docs/architecture.md "How is an upload confirmed?"), for documents
 * (drive and project files), issue and comment images and profile images alike. Every upload is two steps:
 *
 * 1. **start**: a pending record, then a signed address to PUT the bytes straight to the store
 *    (`startSignedUpload`, or `signedUploadAddress` for a record the caller already wrote);
 * 2. **confirm**: the stored object is inspected by content before the record counts (`inspectUpload`: missing,
 *    refused with its catalogue code, or stored with its content type).
 *
 * Each kind says only its limits (`UploadRule`) and what confirming keeps: documents promote the bytes from their
 * upload key and queue their jobs in a unit of work that locks the record; images decode the bytes and keep a
 * thumbnail or an image of exact size.
 */

/** Where a client PUTs the bytes, until when, and at most how many. */
export interface SignedUploadAddress {
  readonly url: string;
  readonly method: 'PUT';
  readonly expiresAt: Date;
  readonly maxSize: number;
}

/** A signed address to PUT at most `maxBytes` to `key`, valid `addressSeconds` from `now`. */
export async function signedUploadAddress(
  store: FileStore,
  key: string,
  options: { origin: string; maxBytes: number; addressSeconds: number; now?: number },
): Promise<SignedUploadAddress> {
  const expires = Math.floor((options.now ?? Date.now()) / 1000) + options.addressSeconds;
  const url = await store.uploadUrl(key, { origin: options.origin, expires, maxBytes: options.maxBytes });
  return { url, method: 'PUT', expiresAt: new Date(expires * 1000), maxSize: options.maxBytes };
}

/**
 * The start of an upload: `record` stores the pending row (confirmable until the date it is given,
 * `pendingSeconds` from now), then the signed address is handed out.
 */
export async function startSignedUpload(
  store: FileStore,
  key: string,
  options: { origin: string; maxBytes: number; addressSeconds: number; pendingSeconds: number },
  record: (pendingUntil: Date) => Promise<unknown>,
): Promise<SignedUploadAddress> {
  const now = Date.now();
  await record(new Date(now + options.pendingSeconds * 1000));
  return signedUploadAddress(store, key, { ...options, now });
}

/** What a kind of upload takes. */
export interface UploadRule {
  /** The most bytes (FILE_SIZE_LIMIT_EXCEEDED beyond). */
  readonly maxBytes: number;
  /** A size declared up front: fewer bytes are an upload not finished yet, more are refused. */
  readonly exactBytes?: number;
  /** How much is read back: the whole object (decoded next), or its first bytes (documents up to 2 GB). */
  readonly read: 'whole' | { readonly head: number };
  /** The content type the first bytes show, or undefined when they are not what the kind takes. */
  readonly contentType: (head: Buffer) => string | undefined;
}

/** Why a stored upload is refused (the object and its record then go). */
export type UploadRefusal = 'FILE_SIZE_LIMIT_EXCEEDED' | 'SELECT_FILE' | 'FILE_EXTENSION_NOT_ALLOWED';

/** What inspectUpload found. */
export type UploadVerdict =
  | { readonly state: 'missing'; readonly received: number }
  | { readonly state: 'refused'; readonly code: UploadRefusal }
  | {
      readonly state: 'stored';
      /** The key the bytes were found at. */
      readonly key: string;
      readonly size: number;
      readonly contentType: string;
      /** The whole object, when the rule reads it whole. */
      readonly bytes?: Buffer;
    };

async function readHead(store: FileStore, key: string, size: number, head: number): Promise<Buffer> {
  const stream = await store.readStream(key, { start: 0, end: Math.min(size, head) - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, head);
}

/**
 * Reads back what a client uploaded, at the first of `keys` that holds an object (a document's upload key, then
 * its final key, where a confirmation interrupted after the promotion left it), and checks it by the rule:
 * `missing` when nothing (or, for a declared size, not all of it) arrived yet; refused when larger than allowed
 * (FILE_SIZE_LIMIT_EXCEEDED: on S3 the size is only known here), empty (SELECT_FILE) or not of the kind by its
 * first bytes (FILE_EXTENSION_NOT_ALLOWED); else stored, with its content type.
 */
export async function inspectUpload(
  store: FileStore,
  keys: readonly string[],
  rule: UploadRule,
): Promise<UploadVerdict> {
  let found: { key: string; size: number } | undefined;
  for (const key of keys) {
    const info = await store.stat(key);
    if (info) {
      found = { key, size: info.size };
      break;
    }
  }
  const limit = rule.exactBytes ?? rule.maxBytes;
  if (!found || (rule.exactBytes !== undefined && found.size < rule.exactBytes))
    return { state: 'missing', received: found?.size ?? 0 };
  if (found.size > limit) return { state: 'refused', code: 'FILE_SIZE_LIMIT_EXCEEDED' };
  if (found.size === 0) return { state: 'refused', code: 'SELECT_FILE' };
  if (rule.read === 'whole') {
    const bytes = await store.read(found.key);
    // Checked again: a client may have PUT another body to the same address between the two calls.
    if (bytes.length > limit) return { state: 'refused', code: 'FILE_SIZE_LIMIT_EXCEEDED' };
    const contentType = rule.contentType(bytes.subarray(0, SNIFF_BYTES));
    if (!contentType) return { state: 'refused', code: 'FILE_EXTENSION_NOT_ALLOWED' };
    return { state: 'stored', key: found.key, size: bytes.length, contentType, bytes };
  }
  const contentType = rule.contentType(await readHead(store, found.key, found.size, rule.read.head));
  if (!contentType) return { state: 'refused', code: 'FILE_EXTENSION_NOT_ALLOWED' };
  return { state: 'stored', key: found.key, size: found.size, contentType };
}

// ---- Images: issue and comment images, profile images ----

const MAX_FILE_NAME = 255;

/** The image kind's limits: at most MAX_IMAGE_FILE_BYTES, PNG, JPEG, GIF or WebP by content, read whole. */
const IMAGE_RULE: UploadRule = {
  maxBytes: MAX_IMAGE_FILE_BYTES,
  read: 'whole',
  contentType: (head) => sniffImageType(head),
};
/** How long an image upload address is valid, and a pending image upload may still be confirmed. */
const IMAGE_ADDRESS_SECONDS = 15 * 60;
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

/** Where a client PUTs one image (at most MAX_IMAGE_FILE_BYTES), as the create mutations answer it. */
export type ImageUploadAddress = SignedUploadAddress;

/** startSignedUpload for an image: pending an hour, an address for 15 minutes and at most MAX_IMAGE_FILE_BYTES. */
export function startImageUpload(
  store: FileStore,
  key: string,
  origin: string,
  record: (pendingUntil: Date) => Promise<unknown>,
): Promise<ImageUploadAddress> {
  return startSignedUpload(
    store,
    key,
    {
      origin,
      maxBytes: IMAGE_RULE.maxBytes,
      addressSeconds: IMAGE_ADDRESS_SECONDS,
      pendingSeconds: IMAGE_PENDING_SECONDS,
    },
    record,
  );
}

/** A pending image upload as confirmImageUpload reads it. */
export interface PendingImageUpload {
  /** Where the client PUT the bytes. */
  readonly key: string;
  readonly expiresAt: Date;
  /** Deletes the upload's row: a refused or expired upload is forgotten, its object first, then its row. */
  readonly deleteRow: () => Promise<unknown>;
}

/**
 * The confirmation of an image upload: an expired upload is discarded (USER_UPLOAD_ERROR); while nothing arrived
 * it stays for a retry (USER_UPLOAD_ERROR); bytes inspectUpload refuses, or that `decode` cannot read, are
 * discarded with their code (FILE_EXTENSION_NOT_ALLOWED for an image that does not decode). What the area keeps
 * of the decoded image (a thumbnail, an image of exact size) and how its row turns confirmed is `keep`'s.
 */
export async function confirmImageUpload<D, T>(
  store: FileStore,
  pending: PendingImageUpload,
  decode: (bytes: Buffer) => Promise<D>,
  keep: (decoded: D, upload: { bytes: Buffer; contentType: ImageType }) => Promise<T>,
): Promise<T> {
  const discard = async () => {
    await store.remove([pending.key]);
    await pending.deleteRow();
  };
  if (pending.expiresAt.getTime() < Date.now()) {
    await discard();
    throw new AppError('USER_UPLOAD_ERROR', 'the upload expired');
  }
  const refuse = async (code: UploadRefusal): Promise<never> => {
    await discard();
    throw new AppError(code);
  };
  const upload = await inspectUpload(store, [pending.key], IMAGE_RULE);
  if (upload.state === 'missing') throw new AppError('USER_UPLOAD_ERROR', 'nothing was uploaded');
  if (upload.state === 'refused') return refuse(upload.code);
  const bytes = upload.bytes ?? Buffer.alloc(0);
  const decoded = await decode(bytes).catch(() => undefined);
  if (decoded === undefined) return refuse('FILE_EXTENSION_NOT_ALLOWED');
  return keep(decoded, { bytes, contentType: upload.contentType as ImageType });
}
