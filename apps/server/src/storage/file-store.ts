import type { Readable } from 'node:stream';

/** The prefix of upload keys: where a signed upload address puts the bytes until they are promoted. */
export const UPLOAD_PREFIX = 'uploads/';

/**
 * The key an upload address of `key` writes to (`uploads/<key>`). Confirming promotes it to `key`; from then on the
 * address can no longer change the confirmed object (local store: the PUT is refused; S3: a later PUT lands under
 * `uploads/`, which Obra never reads and a bucket lifecycle rule expires, docs/operations.md).
 */
export function uploadKeyOf(key: string): string {
  return `${UPLOAD_PREFIX}${key}`;
}

/** What a store knows of an object. */
export interface StoredObjectInfo {
  readonly size: number;
}

/** How a verified download is answered: the bytes themselves, or a redirect to a short-lived URL of the store. */
export type DownloadAnswer =
  { readonly stream: Readable; readonly size: number } | { readonly redirect: string };

/**
 * Where files live (DESIGN §3 Files): local disk or an S3 bucket. Clients upload straight to the store through
 * a signed URL; the server reads back only what it must check (size, type by content) and the thumbnails it
 * writes itself.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Origins other than Obra's own that browsers talk to for files (the Content-Security-Policy allows them). */
  readonly externalOrigins: readonly string[];
  /**
   * An absolute URL a client PUTs the bytes of `key` to until `expires` (seconds since the epoch). `origin` is
   * Obra's own address as the client reaches it (used by stores that receive uploads through Obra).
   */
  uploadUrl(key: string, options: { origin: string; expires: number; maxBytes: number }): Promise<string>;
  /** Size of an object, or undefined when there is none. */
  stat(key: string): Promise<StoredObjectInfo | undefined>;
  /** The whole object (callers check its size first). */
  read(key: string): Promise<Buffer>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A stream of the object's bytes, or of `range` (inclusive byte offsets) of them, without reading it whole. */
  readStream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /**
   * Streams a body into `key` without holding it in memory (local: a temporary file renamed at the end; S3: a
   * multipart upload). Returns the number of bytes written.
   */
  writeStream(key: string, body: Readable, contentType: string): Promise<number>;
  /**
   * Moves an uploaded object from its upload key to its final key (local: a rename; S3: a copy and a delete).
   * On the local store, the upload address of a promoted key is refused from then on.
   */
  promote(uploadKey: string, key: string): Promise<void>;
  /** Removes objects; missing ones are ignored. */
  remove(keys: readonly string[]): Promise<void>;
  /**
   * Removes what interrupted writes of `key` left behind (local: its temporary `.part` files; S3: its unfinished
   * multipart uploads), e.g. before a job that a crash interrupted writes the key again. Returns how many went.
   */
  removePartials(key: string): Promise<number>;
  /**
   * Removes every partial write begun before `before` anywhere in the store (a process killed mid-write leaves
   * them; the periodic cleanup calls this with a margin that no write in progress reaches). Returns how many went.
   */
  removeStalePartials(before: Date): Promise<number>;
  /** Answers a download already verified by its signature, or undefined when the object does not exist. */
  download(key: string, options: { contentType: string }): Promise<DownloadAnswer | undefined>;
  close(): void;
}
