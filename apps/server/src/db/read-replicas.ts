import { performance } from 'node:perf_hooks';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import type { AppServices } from '../services.ts';
import { isServiceUnavailableError } from '../lib/database-errors.ts';
import { requestCaller } from '../lib/request-caller.ts';
import * as schema from './schema/index.ts';
import type { Db } from './database.ts';
import { insideUnitOfWork } from './unit-of-work-frame.ts';

/**
 * Read replicas (DATABASE_REPLICA_URLS, PostgreSQL only; docs/operations.md "Read replicas"). The read-only requests
 * that cost the most — the issue list, the dashboards, the exports, the BI feed — take their Db from
 * `readDatabase(services, actor)`; everything else, and every write, uses the primary (`services.database.db`).
 *
 * Freshness is known by comparing WAL positions, never by clocks of different machines: a probe reads the
 * primary's `pg_current_wal_lsn()` and then each replica's `pg_last_wal_replay_lsn()`; a replica that has replayed
 * up to that position holds everything committed before the probe started ("caught up at" the probe's start). A
 * read may use a replica that caught up less than DATABASE_REPLICA_MAX_LAG_MS ago and — read-your-writes — after
 * the caller's own last committed write (noted by unitOfWork, here and in the other processes through the
 * pub/sub). Otherwise, or when the replica is down, the read goes to the primary; a statement that fails on a
 * replica because it is unreachable (or cancelled by a recovery conflict) runs again on the primary.
 *
 * Probes run when reads come (at most one at a time, one per probe interval), never on a timer: an idle process
 * sends nothing. Replica connections keep no session state (no SET, no advisory lock, no LISTEN), so a PgBouncer
 * in transaction mode may sit in front of each.
 */
export interface ReadReplicas {
  /** A replica's Db fresh enough for a read by `accountId` (undefined: anyone), or undefined: use the primary. */
  choose(accountId: number | undefined): Db | undefined;
  /** The person's write has committed: their reads go to the primary until a replica has replayed past it. */
  noteWrite(accountId: number): void;
  /** Measures every replica now (the reads start one by themselves when the last is older than the interval). */
  probe(): Promise<void>;
  /** What the last probe found, per replica (tests, logs). */
  status(): ReplicaStatus[];
  close(): Promise<void>;
}

/** One replica as the last probe found it. */
export interface ReplicaStatus {
  /** The replica's URL without its password. */
  readonly url: string;
  /** Reached, and a standby (in recovery). */
  readonly reachable: boolean;
  /** Milliseconds since the replica last held everything the primary had; Infinity before it ever did. */
  readonly lagMs: number;
  /** Bytes of WAL the replica had still to replay at the last probe. */
  readonly behindBytes: number | undefined;
}

/** How replicas are opened. */
export interface ReadReplicaOptions {
  urls: readonly string[];
  maxLagMs: number;
  poolSize: number;
  connectionTimeoutMs: number;
  /** Per-connection startup options (JIT off, as the primary's: database.ts sessionOptions). */
  sessionOptions: (url: string) => { options?: string };
  /** Counts the replicas' statements with the primary's (tests assert constant query counts). */
  logger: { logQuery(query: string, params: unknown[]): void };
  log?: Pick<Logger, 'warn' | 'info'> | undefined;
}

interface Replica {
  readonly url: string;
  readonly pool: pg.Pool;
  readonly db: Db;
  reachable: boolean;
  /** Reached but not in recovery (warned once). */
  notStandby: boolean;
  caughtUpAt: number;
  behindBytes: number | undefined;
}

/**
 * The Db a read-only request of `actor` runs on: a fresh-enough replica when there are replicas (see the file
 * comment), else the primary. Inside a unit of work it is always the primary (a read there belongs to the
 * transaction's snapshot, which only `tx` has).
 */
export function readDatabase(
  services: Pick<AppServices, 'database'>,
  actor: { readonly account: { readonly id: number } } | undefined,
): Db {
  const { database } = services;
  if (!database.replicas || insideUnitOfWork()) return database.db;
  return database.replicas.choose(actor?.account.id) ?? database.db;
}

/** The pub/sub channel on which processes tell each other whose writes committed (topic: prefix + 'writes'). */
export const REPLICA_WRITES_CHANNEL = 'account:writes';

function writesTopic(services: Pick<AppServices, 'config'>): string {
  return `${services.config.redisChannelPrefix}writes`;
}

/**
 * Called by unitOfWork after each commit: the caller of the current request (lib/request-caller.ts) wrote, so this
 * process — and, through the pub/sub, the others — send that person's next reads to the primary until a replica
 * has replayed the write. Nothing without replicas.
 */
export function noteCommittedWrite(services: Pick<AppServices, 'database' | 'pubsub' | 'config'>): void {
  const replicas = services.database.replicas;
  if (!replicas) return;
  const accountId = requestCaller();
  if (accountId === undefined) return;
  replicas.noteWrite(accountId);
  if (services.pubsub.distributed)
    services.pubsub.publish(REPLICA_WRITES_CHANNEL, writesTopic(services), { accountId });
}

/** Hears the writes committed by the other processes (see noteCommittedWrite); returns the function that stops. */
export function listenToOtherProcessesWrites(
  services: Pick<AppServices, 'database' | 'pubsub' | 'config'>,
): () => void {
  const replicas = services.database.replicas;
  if (!replicas || !services.pubsub.distributed) return () => undefined;
  const notes = services.pubsub.subscribe(REPLICA_WRITES_CHANNEL, writesTopic(services));
  void (async () => {
    for await (const note of notes) replicas.noteWrite(note.accountId);
  })().catch(() => undefined);
  return () => void notes.return?.();
}

/** A URL without its password, for logs and status. */
export function redactedUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}

// SQLSTATEs a standby answers when replay must cancel a read (conflict with recovery): the read is run on the primary.
const RECOVERY_CONFLICT = new Set(['40001', '40P01']);

function cancelledByRecovery(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RECOVERY_CONFLICT.has(code);
}

/**
 * The client Drizzle reads through on a replica: a statement the replica cannot answer (down, restarting,
 * cancelled by recovery) runs on the primary instead, so the caller never sees the replica's failure. Its name
 * contains "Pool" so that Drizzle would ask it for a connection to open a transaction, which it refuses: a read
 * database runs single statements.
 */
class ReplicaFallbackPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  async query(config: unknown, values?: unknown): Promise<unknown> {
    const query = (pool: pg.Pool) =>
      (pool.query as (config: unknown, values?: unknown) => Promise<unknown>).call(pool, config, values);
    try {
      return await query(this.replica);
    } catch (error) {
      // Unreachable: not used again until a probe reaches it. Cancelled by replay: only this statement moves.
      if (isServiceUnavailableError(error)) this.onFailure(error);
      else if (!cancelledByRecovery(error)) throw error;
      return query(this.primary);
    }
  }

  connect(): Promise<never> {
    return Promise.reject(new Error('a read database (readDatabase) runs no transactions: use unitOfWork'));
  }
}

/** Opens a pool per replica (no statement is sent before the first probe); `primary` is the primary's pool. */
export function openReadReplicas(primary: pg.Pool, options: ReadReplicaOptions): ReadReplicas {
  const { maxLagMs, log } = options;
  // Often enough that a replica keeps up with the bound under traffic, rarely enough to cost nothing.
  const probeIntervalMs = Math.min(1_000, Math.max(50, Math.floor(maxLagMs / 4)));
  const writes = new Map<number, number>();
  let lastProbeAt = Number.NEGATIVE_INFINITY;
  let probing: Promise<void> | undefined;
  let next = 0;

  const markUnreachable = (replica: Replica, error: unknown) => {
    if (replica.reachable)
      log?.warn(
        { replica: redactedUrl(replica.url), err: error instanceof Error ? error.message : String(error) },
        'read replica unreachable: its reads go to the primary',
      );
    replica.reachable = false;
  };

  const replicas: Replica[] = options.urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      connectionTimeoutMillis: options.connectionTimeoutMs,
      application_name: 'obra-read',
      ...options.sessionOptions(url),
    });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const client = new ReplicaFallbackPool(pool, primary, (error) => markUnreachable(replica, error));
    const replica: Replica = {
      url,
      pool,
      db: drizzlePg({ client: client as unknown as pg.Pool, schema, logger: options.logger }),
      reachable: false,
      notStandby: false,
      caughtUpAt: Number.NEGATIVE_INFINITY,
      behindBytes: undefined,
    };
    return replica;
  });

  const probeOnce = async (): Promise<void> => {
    const started = performance.now();
    lastProbeAt = started;
    let lsn: string;
    try {
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      lsn = rows[0]?.lsn ?? '';
    } catch {
      // The primary is away: nothing can be compared; its own failure is answered where it is used.
      return;
    }
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const { rows } = await replica.pool.query<{
            standby: boolean;
            caught_up: boolean | null;
            behind: number | null;
          }>(
            `select pg_is_in_recovery() as standby,
                    pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up,
                    pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::float8 as behind`,
            [lsn],
          );
          const row = rows[0];
          if (!row?.standby) {
            // A promoted or mistaken "replica" is another primary: reading it could show another history.
            if (!replica.notStandby)
              log?.warn({ replica: redactedUrl(replica.url) }, 'read replica is not a standby: not used');
            replica.notStandby = true;
            replica.reachable = false;
            return;
          }
          replica.notStandby = false;
          if (!replica.reachable) log?.info({ replica: redactedUrl(replica.url) }, 'read replica reachable');
          replica.reachable = true;
          replica.behindBytes = Math.max(0, row.behind ?? 0);
          if (row.caught_up) replica.caughtUpAt = Math.max(replica.caughtUpAt, started);
        } catch (error) {
          markUnreachable(replica, error);
        }
      }),
    );
    // Writes older than the bound no longer decide anything (no usable replica is older than they are).
    const horizon = performance.now() - maxLagMs;
    for (const [accountId, at] of writes) if (at < horizon) writes.delete(accountId);
  };

  const probe = (): Promise<void> => {
    probing ??= probeOnce().finally(() => {
      probing = undefined;
    });
    return probing;
  };

  return {
    choose(accountId) {
      const now = performance.now();
      if (!probing && now - lastProbeAt >= probeIntervalMs) void probe();
      const wrote = accountId === undefined ? undefined : writes.get(accountId);
      const since = Math.max(now - maxLagMs, wrote ?? Number.NEGATIVE_INFINITY);
      const fresh = replicas.filter((r) => r.reachable && r.caughtUpAt > since);
      if (fresh.length === 0) return undefined;
      next = (next + 1) % fresh.length;
      return fresh[next]?.db;
    },
    noteWrite(accountId) {
      writes.set(accountId, performance.now());
    },
    probe,
    status() {
      const now = performance.now();
      return replicas.map((r) => ({
        url: redactedUrl(r.url),
        reachable: r.reachable,
        lagMs: now - r.caughtUpAt,
        behindBytes: r.behindBytes,
      }));
    },
    async close() {
      await probing?.catch(() => undefined);
      await Promise.all(replicas.map((r) => r.pool.end().catch(() => undefined)));
    },
  };
}
