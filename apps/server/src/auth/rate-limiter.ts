import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** The outcome of counting one attempt. */
export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/** Fixed-window counters shared by every process when Redis is configured. */
export interface RateLimiter {
  readonly distributed: boolean;
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  close(): Promise<void>;
}

/** Creates the limiter: Redis-backed with REDIS_URL, else in-process. */
export function createRateLimiter(redisUrl: string | undefined, logger: Logger): RateLimiter {
  return redisUrl ? redisLimiter(redisUrl, logger) : memoryLimiter();
}

function memoryLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  return {
    distributed: false,
    async hit(key, limit, windowSeconds) {
      const now = Date.now();
      if (now - lastSweep > 60_000) {
        // Forget finished windows so the map does not grow with every address ever seen.
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastSweep = now;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return {
        allowed: w.count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)),
      };
    },
    close: async () => undefined,
  };
}

function redisLimiter(url: string, logger: Logger): RateLimiter {
  const client = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  client.on('error', (error: Error) =>
    logger.warn({ err: error.message }, 'redis rate-limit connection error'),
  );
  // While Redis is away each process counts on its own: limits stay in force, sign-in keeps working (fault test).
  const fallback = memoryLimiter();
  return {
    distributed: true,
    async hit(key, limit, windowSeconds) {
      // Known to be down: do not wait for the reconnection (commands sent while still connecting are queued).
      if (client.status === 'reconnecting' || client.status === 'close' || client.status === 'end')
        return fallback.hit(key, limit, windowSeconds);
      const redisKey = `obra:rl:${key}`;
      try {
        // SET NX starts the window once; INCR then counts in it (works on every Redis version).
        const result = await client
          .multi()
          .set(redisKey, '0', 'PX', windowSeconds * 1000, 'NX')
          .incr(redisKey)
          .pttl(redisKey)
          .exec();
        const count = Number(result?.[1]?.[1] ?? 0);
        const ttl = Number(result?.[2]?.[1] ?? windowSeconds * 1000);
        return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch (error) {
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'rate limit counted in-process: redis unavailable',
        );
        return fallback.hit(key, limit, windowSeconds);
      }
    },
    async close() {
      client.disconnect();
    },
  };
}
