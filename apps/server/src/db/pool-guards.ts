import type pg from 'pg';

type QueryArgs = Parameters<pg.PoolClient['query']>;

/**
 * drizzle-orm's node-postgres `transaction()` sends BEGIN before entering its try/finally, so a BEGIN that fails
 * (typically on a connection that died while idle in the pool, as after a database restart) never releases its
 * client: the pool shrinks by one per failed transaction until nothing can connect, and `pool.end()` hangs.
 * This releases — and so discards — a client whose BEGIN fails, right where the failure happens.
 */
export function releaseClientsWhoseBeginFails(pool: pg.Pool): void {
  pool.on('acquire', (client: pg.PoolClient) => {
    const guarded = client as pg.PoolClient & { obraBeginGuard?: boolean };
    if (guarded.obraBeginGuard) return;
    guarded.obraBeginGuard = true;
    const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
    (client as { query: unknown }).query = (...args: QueryArgs): unknown => {
      const result = query(...args);
      if (!isBegin(args[0]) || !(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        const release = client.release.bind(client);
        // Whoever releases it later (a caller with its own finally) must not release it twice.
        (client as { release: unknown }).release = () => undefined;
        release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    };
  });
}

function isBegin(first: unknown): boolean {
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
}
