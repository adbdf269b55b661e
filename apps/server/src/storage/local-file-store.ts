import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { UPLOAD_PREFIX, type FileStore, type StoredObjectInfo } from './file-store.ts';
import type { FileUrlSigner } from './url-signer.ts';

/**
 * The write buffer of a file written from a stream. Node's default (16 KB) is a quarter of one socket read, so the
 * request is paused and resumed around every chunk; 1 MB lets the socket run ahead of the disk
 * (bench/drive/upload-floor-bench.ts: 1.5–2× the upload throughput, docs/benchmarks.md) for 1 MB of memory.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** How far past its limit an upload is still read to the end before the connection is cut. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/** The tail of a temporary file written beside its key (`<key>.<uuid>.part`) until it is renamed into place. */
const PARTIAL = /^[0-9a-f-]{36}\.part$/;

/** A body larger than the signed limit of its upload URL. */
export class UploadTooLargeError extends Error {
  constructor() {
    super('upload larger than its signed limit');
    this.name = 'UploadTooLargeError';
  }
}

/** An upload to an address whose object was already confirmed (promoted to its final key). */
export class UploadSealedError extends Error {
  constructor() {
    super('upload address of a confirmed file');
    this.name = 'UploadSealedError';
  }
}

/**
 * Files on local disk under `root` ($DATA_DIR/files). Uploads arrive through Obra's own PUT /files/<key>
 * (HMAC-signed, size-limited as they stream in, written to a temporary file and renamed, so a reader never sees
 * half a file); downloads stream from disk.
 */
export function createLocalFileStore(
  root: string,
  signer: FileUrlSigner,
): FileStore & { receive(key: string, body: Readable, maxBytes: number): Promise<number> } {
  fs.mkdirSync(root, { recursive: true });
  const fileOf = (key: string): string => {
    const file = path.resolve(root, key);
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`))
      throw new Error(`key outside the store: ${key}`);
    return file;
  };
  const stat = async (key: string): Promise<StoredObjectInfo | undefined> => {
    try {
      const info = await fsp.stat(fileOf(key));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  return {
    kind: 'local',
    externalOrigins: [],
    uploadUrl(key, options) {
      return Promise.resolve(`${options.origin}${signer.uploadPath(key, options.maxBytes, options.expires)}`);
    },
    stat,
    read: (key) => fsp.readFile(fileOf(key)),
    async write(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      await fsp.writeFile(temporary, body);
      await fsp.rename(temporary, file);
    },
    async readStream(key, range) {
      const file = fileOf(key);
      await fsp.access(file);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async writeStream(key, body) {
      const file = fileOf(key);
      // A body that fails while the folder is made (a platform cutting its download) is an error of this call,
      // never an uncaught one: the pipeline below sees the stream's error state and rejects with it.
      let early: unknown;
      const keep = (error: unknown) => (early ??= error);
      body.on('error', keep);
      await fsp.mkdir(path.dirname(file), { recursive: true }).finally(() => body.off('error', keep));
      if (early !== undefined) throw early;
      const temporary = `${file}.${randomUUID()}.part`;
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, count, fs.createWriteStream(temporary, { highWaterMark: WRITE_BUFFER_BYTES }));
        await fsp.rename(temporary, file);
        return size;
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },
    async promote(uploadKey, key) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.rename(fileOf(uploadKey), file);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fsp.rm(fileOf(key), { force: true })));
    },
    async removePartials(key) {
      const file = fileOf(key);
      const dir = path.dirname(file);
      const prefix = `${path.basename(file)}.`;
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      const partials = names.filter((n) => n.startsWith(prefix) && PARTIAL.test(n.slice(prefix.length)));
      await Promise.all(partials.map((n) => fsp.rm(path.join(dir, n), { force: true })));
      return partials.length;
    },
    async removeStalePartials(before) {
      let removed = 0;
      const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await fsp.stat(file).catch(() => undefined);
        if (!info || info.mtime >= before) continue;
        await fsp.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
    async download(key) {
      const info = await stat(key);
      return info ? { stream: fs.createReadStream(fileOf(key)), size: info.size } : undefined;
    },
    close() {},
    /**
     * Streams an upload to disk and returns its size. Past `maxBytes` nothing more is written and the upload is
     * refused once the body has been read (answering before the client finished sending makes many clients
     * report a broken connection instead of the answer); a body far past the limit is cut off. An upload key whose
     * final key exists (the upload was confirmed and promoted) is refused: UploadSealedError.
     */
    async receive(key, body, maxBytes) {
      const file = fileOf(key);
      const sealed = async (): Promise<boolean> =>
        key.startsWith(UPLOAD_PREFIX) && (await stat(key.slice(UPLOAD_PREFIX.length))) !== undefined;
      if (await sealed()) {
        body.resume();
        throw new UploadSealedError();
      }
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes + DRAIN_BYTES) done(new UploadTooLargeError());
          else done(null, size > maxBytes ? undefined : chunk);
        },
      });
      try {
        await pipeline(body, limit, fs.createWriteStream(temporary, { highWaterMark: WRITE_BUFFER_BYTES }));
        if (size > maxBytes) throw new UploadTooLargeError();
        // Confirmed while the bytes were arriving: they are not kept.
        if (await sealed()) throw new UploadSealedError();
        await fsp.rename(temporary, file);
        return size;
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },
  };
}
