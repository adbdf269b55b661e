import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema/index.ts';
import { releaseClientsWhoseBeginFails } from './pool-guards.ts';
import { openReadReplicas, type ReadReplicas } from './read-replicas.ts';

/** The Drizzle schema of Obra. */
export type Schema = typeof schema;

/** A Drizzle database or transaction on either backend. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** An open transaction (or savepoint) on either backend: a Db that can also roll back. See unit-of-work.ts. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The raw SQL hook pg-boss uses when it shares our connection. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** One open database, embedded or server, with what the rest of the process needs of it. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Raw SQL with positional parameters; used by pg-boss and benchmarks. */
  readonly executor: SqlExecutor;
  /** A connection string for components that open their own pool (PostgreSQL only). */
  readonly connectionString: string | undefined;
  /** Statements sent through Drizzle since the database was opened (tests assert constant query counts). */
  readonly stats: QueryStats;
  /**
   * Listens to a notification channel (PostgreSQL's LISTEN/NOTIFY, on both backends): `onNotify` gets each payload,
   * and `'*'` after the listening connection was lost and made again (notifications may have been missed). Answers
   * the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  /**
   * Streaming replicas that read-only requests may use (DATABASE_REPLICA_URLS, PostgreSQL only): reads take their
   * Db from `readDatabase` (read-replicas.ts), never from here directly.
   */
  readonly replicas?: ReadReplicas | undefined;
  /** The pool's connections (PostgreSQL; /metrics): opened, idle, and requests waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** A running count of the statements Drizzle sent. */
export interface QueryStats {
  queries: number;
}

/** A Drizzle logger that only counts: cheap enough to leave on in production. */
function countingLogger(stats: QueryStats) {
  return {
    logQuery() {
      stats.queries += 1;
    },
  };
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Options for opening the database. */
export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * A dump of an embedded database (see `dumpPgliteTemplate`) that a new, empty `pgliteDir` starts from instead of
   * running initdb, which costs seconds. Tests use it; an existing directory ignores it.
   */
  pgliteTemplate?: Blob | undefined;
  /** Streaming replicas of the PostgreSQL primary for read-only requests (read-replicas.ts); none on PGlite. */
  replicaUrls?: readonly string[] | undefined;
  /** How far behind the primary a replica may be and still serve reads. */
  replicaMaxLagMs?: number | undefined;
  /** Where the replicas' state changes (unreachable, back) are logged. */
  logger?: Pick<Logger, 'warn' | 'info'> | undefined;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite, and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (!options.databaseUrl && (options.replicaUrls?.length ?? 0) > 0)
    throw new Error('read replicas need a PostgreSQL primary (DATABASE_URL)');
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options)
    : openPglite(options.pgliteDir ?? 'memory://', options.pgliteTemplate);
}

function isEmptyDir(dir: string): boolean {
  return dir.startsWith('memory://') || !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

async function openPglite(dir: string, template?: Blob): Promise<Database> {
  const loadDataDir = template && isEmptyDir(dir) ? template : undefined;
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm, unaccent },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const stats: QueryStats = { queries: 0 };
  const db: Db = drizzlePglite({ client, schema, logger: countingLogger(stats) });
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      // PGlite's extended protocol takes one statement; pg-boss sends multi-statement scripts without values.
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
  return {
    kind: 'pglite',
    db,
    stats,
    executor,
    connectionString: undefined,
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Obra's connections run with PostgreSQL's JIT off, unless the URL (`?options=`) or PGOPTIONS says otherwise. JIT
 * compiles a statement estimated above `jit_above_cost` in 100–300 ms here, more than running any of Obra's
 * statements; the issue list's statements are estimated below it at 100,000 issues, but estimates grow with the
 * data (docs/benchmarks.md). A safety default, as in OLTP deployments generally: no measured gain today.
 */
export function sessionOptions(url: string): { options?: string } {
  let configured = process.env.PGOPTIONS !== undefined;
  try {
    configured ||= new URL(url).searchParams.has('options');
  } catch {
    // Not a URL (a libpq key=value string): leave its settings alone.
    configured = true;
  }
  return configured ? {} : { options: '-c jit=off' };
}

/**
 * How long a statement waits for a connection (a free one in the pool, or a new one being opened) before it fails
 * and the request is answered SERVICE_UNAVAILABLE: well below the 10–30 s after which clients and proxies give up,
 * so that during a database outage every write gets its 503 rather than hanging (issue 30 #1).
 */
export const DATABASE_CONNECTION_TIMEOUT_MS = 3_000;

async function openPostgres(
  url: string,
  poolSize: number,
  options: Pick<OpenDatabaseOptions, 'replicaUrls' | 'replicaMaxLagMs' | 'logger'> = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: DATABASE_CONNECTION_TIMEOUT_MS,
    ...sessionOptions(url),
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a connection that breaks while checked out (inside a transaction, between two statements): the pending
  // or next statement fails instead, is answered SERVICE_UNAVAILABLE, and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  releaseClientsWhoseBeginFails(pool);
  await migrateWithLock(pool);
  const stats: QueryStats = { queries: 0 };
  const db: Db = drizzlePg({ client: pool, schema, logger: countingLogger(stats) });
  const replicaUrls = options.replicaUrls ?? [];
  const replicas =
    replicaUrls.length > 0
      ? openReadReplicas(pool, {
          urls: replicaUrls,
          maxLagMs: options.replicaMaxLagMs ?? 5_000,
          poolSize,
          connectionTimeoutMs: DATABASE_CONNECTION_TIMEOUT_MS,
          sessionOptions,
          logger: countingLogger(stats),
          log: options.logger,
        })
      : undefined;
  return {
    kind: 'postgres',
    db,
    stats,
    replicas,
    executor: {
      async executeSql(text, values) {
        const result = await pool.query(text, values);
        return { rows: result.rows };
      },
    },
    connectionString: url,
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await replicas?.close();
      await pool.end();
    },
  };
}

/**
 * A connection of its own that LISTENs on `channel`, made again (after 1 s, then up to 10 s apart) whenever it is
 * lost — a restart of PostgreSQL must not leave the process deaf — with `'*'` passed on after each reconnection.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delayMs = 1_000;
  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: 'obra-listen',
      connectionTimeoutMillis: DATABASE_CONNECTION_TIMEOUT_MS,
      ...sessionOptions(url),
    });
    const lost = () => {
      if (client !== next || stopped) return;
      client = undefined;
      next.end().catch(() => undefined);
      schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => onNotify(message.payload ?? ''));
    client = next;
    await next.connect();
    await next.query(`listen ${channel}`);
    delayMs = 1_000;
    if (again) onNotify('*');
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect(true).catch(() => {
        delayMs = Math.min(delayMs * 2, 10_000);
        if (client) {
          const failed = client;
          client = undefined;
          failed.end().catch(() => undefined);
        }
        schedule();
      });
    }, delayMs);
  };
  await connect(false);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}

// Several processes may start together on one server database: one migrates, the others wait.
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(7306202611)');
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(7306202611)').catch(() => undefined);
    client.release();
  }
}

/** A fresh embedded database with every migration applied, dumped as a tarball for `pgliteTemplate`. */
export async function dumpPgliteTemplate(): Promise<Blob> {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm, unaccent } });
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The search extensions installed in the database (both must be there). */
export async function checkExtensions(database: Database): Promise<string[]> {
  const { rows } = await database.executor.executeSql(
    "select extname from pg_extension where extname in ('pg_trgm', 'unaccent') order by extname",
    [],
  );
  return rows.map((r) => (r as { extname: string }).extname);
}
