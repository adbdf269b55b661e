import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError } from '@obra/domain';

/**
 * Every outbound call to a partner platform: a time-out on the whole answer headers (INTEGRATIONS_TIMEOUT_MS),
 * connection failures and time-outs as INTEGRATION_PLATFORM_UNAVAILABLE, never an unhandled error or a hang.
 * The credentials travel in headers only: they never appear in a URL or an error's details.
 */
export async function platformFetch(
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<Response> {
  const { timeoutMs, ...rest } = init;
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...rest, signal: timeout, redirect: 'manual' });
  } catch {
    throw new AppError('INTEGRATION_PLATFORM_UNAVAILABLE', {
      reason: timeout.aborted ? 'timeout' : 'unreachable',
    });
  }
}

/**
 * A download: the time-out covers the answer's headers, then each pause of the body (a large file may take long,
 * a stalled one is cut after `timeoutMs` without a byte). Returns the answer and its body as a Node stream.
 */
export async function platformDownload(
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<{ response: Response; body: Readable }> {
  const { timeoutMs, ...rest } = init;
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...rest, signal: controller.signal, redirect: 'manual' });
  } catch {
    clearTimeout(timer);
    throw new AppError('INTEGRATION_PLATFORM_UNAVAILABLE', {
      reason: controller.signal.aborted ? 'timeout' : 'unreachable',
    });
  }
  if (!response.ok || !response.body) {
    clearTimeout(timer);
    return { response, body: Readable.from([]) };
  }
  const idle = new Transform({
    transform(chunk, _encoding, done) {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), timeoutMs);
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
  });
  const source = Readable.fromWeb(response.body as WebReadableStream);
  source.on('error', (error) => {
    clearTimeout(timer);
    idle.destroy(error);
  });
  idle.on('close', () => clearTimeout(timer));
  return { response, body: source.pipe(idle) };
}

/** Reads a body within the time-out (a platform that sends headers, then stalls, is cut as well). */
export async function platformText(response: Response, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      response.text(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new AppError('INTEGRATION_PLATFORM_UNAVAILABLE', { reason: 'timeout' })),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('INTEGRATION_PLATFORM_UNAVAILABLE', { reason: 'unreachable' });
  } finally {
    clearTimeout(timer);
  }
}

/** The AppError of a platform's non-success status. */
export function platformStatusError(status: number): AppError {
  if (status === 401) return new AppError('INTEGRATION_LOGIN_FAILED');
  if (status === 403 || status === 404) return new AppError('NOT_FOUND');
  // 429: the platform's rate limit, as busy as a platform that is down for the user.
  if (status === 429 || status === 502 || status === 503 || status === 504)
    return new AppError('INTEGRATION_PLATFORM_UNAVAILABLE', { status });
  return new AppError('INTEGRATION_PLATFORM_ERROR', { status });
}
