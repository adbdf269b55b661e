import fs from 'node:fs';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { AppError } from '@obra/domain';

/**
 * The bounds of one BCF package, checked from its central directory before any entry is read (zip bombs and
 * packages of unbounded work are refused with BCF_PACKAGE_TOO_LARGE, `details.what` saying which): entries,
 * topics (markup files), the unpacked bytes of all entries, and of one entry. The messages of the error catalogue
 * name the first three (en, es, pt-BR).
 */
export const BCF_MAX_ENTRIES = 100_000;
export const BCF_MAX_TOPICS = 10_000;
export const BCF_MAX_PACKAGE_BYTES = 2 * 1024 * 1024 * 1024;
export const BCF_MAX_ENTRY_BYTES = 50 * 1024 * 1024;

/** The bounds a package is checked against (the defaults above; tests pass smaller ones). */
export interface BcfPackageBounds {
  entries: number;
  topics: number;
  bytes: number;
}
const BOUNDS: BcfPackageBounds = {
  entries: BCF_MAX_ENTRIES,
  topics: BCF_MAX_TOPICS,
  bytes: BCF_MAX_PACKAGE_BYTES,
};

function tooLarge(what: 'entries' | 'topics' | 'bytes', limit: number, found: number): AppError {
  return new AppError('BCF_PACKAGE_TOO_LARGE', `${found} ${what} (at most ${limit})`, { what, limit, found });
}

/**
 * A BCF archive opened from a file on disk: the central directory is read once, each entry is inflated only
 * when asked (one at a time, bounded), so memory stays proportional to the largest entry read, not the
 * archive. Paths are relative to the package root (a wrapper folder, as macOS zips write, is removed;
 * `__MACOSX/` and dot files are ignored).
 */
export interface BcfArchive {
  /** Entry paths relative to the root, in archive order. */
  readonly paths: readonly string[];
  has(path: string): boolean;
  read(path: string, maxBytes?: number): Promise<Buffer>;
  close(): void;
}

function badPackage(reason: string): AppError {
  return new AppError('BCF_INVALID_PACKAGE', reason, { reason });
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(badPackage(`not a zip archive: ${error?.message ?? 'unreadable'}`));
      else resolve(zip);
    });
  });
}

function listEntries(zip: yauzl.ZipFile, bounds: BcfPackageBounds): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.length >= bounds.entries) {
        reject(tooLarge('entries', bounds.entries, zip.entryCount));
        return;
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(badPackage(`broken zip archive: ${error.message}`)));
    zip.readEntry();
  });
}

/** Topics and unpacked bytes, from the central directory's names and declared sizes (nothing is inflated). */
function checkBounds(entries: readonly yauzl.Entry[], bounds: BcfPackageBounds): void {
  const topics = entries.filter((e) => /(^|[/\\])markup\.bcf$/i.test(e.fileName)).length;
  if (topics > bounds.topics) throw tooLarge('topics', bounds.topics, topics);
  const bytes = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (bytes > bounds.bytes) throw tooLarge('bytes', bounds.bytes, bytes);
}

/**
 * Checks a package's bounds from its central directory alone (entries, topics, unpacked bytes): what the import
 * route does before it queues the job, so a package refused never waits in the queue.
 */
export async function checkBcfPackageBounds(file: string): Promise<{ entries: number; topics: number }> {
  const archive = await openBcfArchive(file);
  try {
    return {
      entries: archive.paths.length,
      topics: archive.paths.filter((p) => /(^|\/)markup\.bcf$/i.test(p)).length,
    };
  } finally {
    archive.close();
  }
}

function ignored(name: string): boolean {
  return name.split('/').some((part) => part === '__MACOSX' || part.startsWith('.'));
}

/** Opens an archive and finds its root: the folder that holds bcf.version (or, without one, markup files). */
export async function openBcfArchive(file: string, bounds: BcfPackageBounds = BOUNDS): Promise<BcfArchive> {
  const zip = await openZip(file);
  let entries: yauzl.Entry[];
  try {
    // The end of central directory record gives the count before any entry is listed.
    if (zip.entryCount > bounds.entries) throw tooLarge('entries', bounds.entries, zip.entryCount);
    entries = (await listEntries(zip, bounds)).filter(
      (e) => !e.fileName.endsWith('/') && !ignored(e.fileName),
    );
    checkBounds(entries, bounds);
  } catch (error) {
    zip.close();
    throw error;
  }
  const names = entries.map((e) => e.fileName.replace(/\\/g, '/'));
  const versionFile = names
    .filter((n) => /(^|\/)bcf\.version$/i.test(n))
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  const markup = names.find((n) => /(^|\/)markup\.bcf$/i.test(n));
  let root = '';
  if (versionFile) root = versionFile.slice(0, versionFile.length - 'bcf.version'.length);
  else if (markup && markup.split('/').length > 2) root = markup.split('/').slice(0, -2).join('/') + '/';
  const byPath = new Map<string, yauzl.Entry>();
  for (const [i, entry] of entries.entries()) {
    const name = names[i] ?? '';
    if (!name.startsWith(root)) continue;
    byPath.set(name.slice(root.length), entry);
  }
  return {
    paths: [...byPath.keys()],
    has: (path) => byPath.has(path),
    read: (path, maxBytes = BCF_MAX_ENTRY_BYTES) => {
      const entry = byPath.get(path);
      if (!entry) return Promise.reject(badPackage(`missing ${path}`));
      if (entry.uncompressedSize > maxBytes) return Promise.reject(badPackage(`${path} is too large`));
      return readEntry(zip, entry, maxBytes);
    },
    close: () => zip.close(),
  };
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(badPackage(`unreadable entry ${entry.fileName}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          reject(badPackage(`${entry.fileName} is too large`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', (e: Error) => reject(badPackage(`broken entry ${entry.fileName}: ${e.message}`)));
    });
  });
}

/** A zip being written: entries are added in order and streamed out (the caller pipes `stream`). */
export interface BcfZipWriter {
  readonly stream: Readable;
  add(path: string, content: Buffer | string): void;
  end(): void;
}

export function createBcfZip(): BcfZipWriter {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2000-01-01T00:00:00Z');
  return {
    stream: zip.outputStream as Readable,
    add: (path, content) => {
      const buffer = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      // Images are already compressed.
      const compress = !/\.(png|jpe?g)$/i.test(path);
      zip.addBuffer(buffer, path, { mtime, compress });
    },
    end: () => zip.end(),
  };
}

/** Removes a temporary file, ignoring a missing one. */
export async function removeTemporary(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true });
}
