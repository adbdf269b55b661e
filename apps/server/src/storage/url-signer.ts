import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a download URL stays valid at least; URLs are stable within an hour so browsers can cache files. */
const DOWNLOAD_WINDOW_SECONDS = 3600;

/** How many signed download paths a process keeps (about 250 bytes each): a few thousand list rows' thumbnails. */
const DOWNLOAD_CACHE_SIZE = 20_000;

/** A storage key: path segments of safe characters, no `..` (it becomes a file path on the local store). */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*)(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Whether a storage key is well formed. */
export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

/** What a verified /files URL allows. */
export type VerifiedFileUrl =
  | { readonly method: 'GET'; readonly key: string; readonly contentType: string }
  | { readonly method: 'PUT'; readonly key: string; readonly maxBytes: number };

/**
 * Signs and verifies the /files URLs (HMAC-SHA256 over method, key, expiry and the limit it carries: the
 * content type to answer a GET with, the largest body a PUT may send). A URL is all it takes: no bearer token,
 * so browsers can fetch images like any other resource while the signature keeps them private.
 */
export class FileUrlSigner {
  /**
   * Download paths already signed, by content type and key, each with the expiry it carries: a list page signs a
   * thumbnail per row (500 HMACs for the manager's page, more than reading the rows), and the next page or the next
   * reader of the same images signs them again. An entry is used only while the window that made it lasts (until
   * the hour turns), so it is exactly the path signing would give now, with an hour or more left to run; then it is
   * signed again. Bounded, least recently used first out. Only paths are kept, never who asked: whoever reaches a
   * key here has been allowed to see it by the read that found it.
   */
  private readonly downloads = new Map<string, { expires: number; path: string }>();

  constructor(
    private readonly secret: Buffer,
    private readonly cacheSize = DOWNLOAD_CACHE_SIZE,
  ) {}

  /** The path and query of a download URL for `key`, valid for one to two hours (stable within the hour). */
  downloadPath(key: string, contentType: string, now = Date.now()): string {
    const expires = (Math.floor(now / 1000 / DOWNLOAD_WINDOW_SECONDS) + 2) * DOWNLOAD_WINDOW_SECONDS;
    const id = `${contentType}\n${key}`;
    const cached = this.downloads.get(id);
    if (cached) {
      this.downloads.delete(id);
      if (cached.expires === expires) {
        this.downloads.set(id, cached);
        return cached.path;
      }
    }
    const path = this.signedPath('GET', key, expires, contentType);
    this.downloads.set(id, { expires, path });
    if (this.downloads.size > this.cacheSize) {
      const oldest = this.downloads.keys().next();
      if (!oldest.done) this.downloads.delete(oldest.value);
    }
    return path;
  }

  /** The path and query of an upload URL for `key`, accepting at most `maxBytes`, valid until `expires` (seconds). */
  uploadPath(key: string, maxBytes: number, expires: number): string {
    return this.signedPath('PUT', key, expires, String(maxBytes));
  }

  /** The path and query of a URL with an explicit expiry (tests forge expired ones with it). */
  signedPath(method: 'GET' | 'PUT', key: string, expires: number, limit: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key ${key}`);
    const limitName = method === 'GET' ? 'type' : 'max';
    const query = new URLSearchParams({
      expires: String(expires),
      [limitName]: limit,
      signature: this.sign(method, key, expires, limit),
    });
    return `/files/${key}?${query.toString()}`;
  }

  /**
   * Checks a request to /files/<key>: the signature must match the method, key, expiry and limit, and the expiry
   * must not have passed. Other query parameters (such as a client's anonymous-request marker) are ignored.
   */
  verify(
    method: string,
    key: string,
    query: Readonly<Record<string, unknown>>,
    now = Date.now(),
  ): VerifiedFileUrl | undefined {
    if ((method !== 'GET' && method !== 'HEAD' && method !== 'PUT') || !isValidKey(key)) return undefined;
    const signed = method === 'PUT' ? 'PUT' : 'GET';
    const expires = Number(text(query['expires']));
    const limit = text(query[signed === 'GET' ? 'type' : 'max']);
    const signature = text(query['signature']);
    if (!Number.isInteger(expires) || limit === undefined || signature === undefined) return undefined;
    if (expires * 1000 < now) return undefined;
    const expected = Buffer.from(this.sign(signed, key, expires, limit));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (signed === 'GET') return { method: 'GET', key, contentType: limit };
    const maxBytes = Number(limit);
    return Number.isInteger(maxBytes) && maxBytes > 0 ? { method: 'PUT', key, maxBytes } : undefined;
  }

  private sign(method: string, key: string, expires: number, limit: string): string {
    return createHmac('sha256', this.secret)
      .update(`${method}\n${key}\n${expires}\n${limit}`)
      .digest('base64url');
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The secret of the /files signatures: FILES_SIGNING_SECRET when given, else a random one generated once into
 * `$DATA_DIR/keys/files-signing.key`. Several processes must share it: give it by env, or share DATA_DIR.
 */
export function loadFilesSigningSecret(options: { secret: string | undefined; dataDir: string }): Buffer {
  if (options.secret) return Buffer.from(options.secret, 'utf8');
  return keyFileSecret(options.dataDir, 'files-signing.key');
}

/**
 * The random key in `$DATA_DIR/keys/<keyFile>`, written on first use: processes that share DATA_DIR share it
 * (the first process to write it wins).
 */
export function keyFileSecret(dataDir: string, keyFile: string): Buffer {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, keyFile);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      // Exclusive create: if another process won the race, its secret is the one used.
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}
