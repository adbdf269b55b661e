import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';

/** Below this an answer goes out as it is (one packet: compressing costs more than it saves). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Up to this size an answer is compressed on the spot (tens of microseconds); above it, in libuv's thread pool
 * so that a large list does not hold the event loop.
 */
const SYNC_LIMIT = 64 * 1024;

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** Brotli at quality 4 (as @fastify/compress does for the other routes): close to gzip's time, smaller output. */
function brotliOptions(size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** The encoding to answer with for an Accept-Encoding header: br, else gzip, else none (q=0 excluded). */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * A whole answer, compressed as the client accepts when it is worth it. The GraphQL route uses it instead of the
 * compression plugin's stream pipeline, whose per-answer streams cost more CPU than the compression itself on
 * the API's many small answers (docs/benchmarks.md, "API overhead").
 */
export async function compressAnswer(
  body: Buffer,
  acceptEncoding: string | string[] | undefined,
): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | undefined }> {
  const encoding = body.length >= COMPRESS_THRESHOLD ? pickEncoding(acceptEncoding) : undefined;
  if (!encoding) return { body, encoding: undefined };
  if (body.length <= SYNC_LIMIT) {
    return {
      body:
        encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body.length)) : zlib.gzipSync(body),
      encoding,
    };
  }
  return {
    body: encoding === 'br' ? await brotliAsync(body, brotliOptions(body.length)) : await gzipAsync(body),
    encoding,
  };
}

/** The types worth compressing (what mime-db marks compressible among those Obra sends). */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|[\w.+-]*\+json|javascript|xml|[\w.+-]*\+xml)|image\/svg\+xml)/i;

/**
 * Compresses every whole answer (a string or a buffer: JSON, HTML, CSV, XML) in one call with compressAnswer, ahead
 * of @fastify/compress, which then sees the Content-Encoding and leaves it; the plugin keeps streamed answers. A
 * route opts out with `config: { compress: false }` (both read it). Register before the routes.
 */
export function registerAnswerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.config?.compress === false) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    if (req.headers['x-no-compression'] !== undefined) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_THRESHOLD) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary))
      reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    // A client that takes no encoding gets the payload as it is (a large text is not copied for nothing).
    if (!pickEncoding(req.headers['accept-encoding'])) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const answer = await compressAnswer(body, req.headers['accept-encoding']);
    if (!answer.encoding) return payload;
    reply.header('content-encoding', answer.encoding);
    reply.removeHeader('content-length');
    return answer.body;
  });
}
