import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a free port, that the test may stop, kill
 * and restart at will: the machine's shared PostgreSQL is never touched by the fault tests.
 */
export interface OwnPostgres {
  readonly port: number;
  /** A connection string to a database of this server (`postgres` by default). */
  url(database?: string): string;
  /** Creates an empty database and returns its connection string. */
  createDatabase(name: string): Promise<string>;
  /** `fast` disconnects clients and shuts down cleanly; `immediate` is a crash (recovery from WAL on start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

const CANDIDATE_BIN_DIRS = [
  '/usr/lib/postgresql/15/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/17/bin',
  '/usr/local/pgsql/bin',
];

/** The directory holding initdb and pg_ctl, or a clear error saying what to install. */
function postgresBinDir(): string {
  const fromEnv = process.env.OBRA_PG_BIN;
  const candidates = fromEnv ? [fromEnv] : CANDIDATE_BIN_DIRS;
  const found = candidates.find(
    (d) => fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'pg_ctl')),
  );
  if (!found) {
    throw new Error(
      `The fault tests start their own PostgreSQL server but found no initdb/pg_ctl in ${candidates.join(', ')}. ` +
        'Install the PostgreSQL 15 server binaries (Debian/Ubuntu: `apt-get install postgresql-15`) or set OBRA_PG_BIN to their directory.',
    );
  }
  return found;
}

// PostgreSQL refuses to run as root: as root, run its programs as the `postgres` user in a directory it owns.
async function asPostgresUser(
  dir: string,
): Promise<{ wrap: (cmd: string, args: string[]) => [string, string[]] }> {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args] };
  const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
    throw new Error(
      'Running as root, the fault tests need a `postgres` system user to run PostgreSQL (it comes with the postgresql packages).',
    );
  });
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  return { wrap: (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]] };
}

/** A streaming replica of an own server (pg_basebackup -R): read-only, on its own port, stoppable at will. */
export interface OwnReplica {
  readonly port: number;
  url(database?: string): string;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * Starts a hot standby of `primary`: a base backup taken over the replication protocol with `-R` (standby.signal
 * and primary_conninfo written), started on a free port of its own. The primary's initdb allows replication from
 * 127.0.0.1 (its pg_hba.conf) and streams WAL by default (wal_level replica, max_wal_senders 10).
 */
export async function startOwnReplica(primary: OwnPostgres): Promise<OwnReplica> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-pg-replica-'));
  fs.chmodSync(dir, 0o755);
  const { wrap } = await asPostgresUser(dir);
  const exec = async (cmd: string, args: string[]): Promise<void> => {
    const [c, a] = wrap(path.join(bin, cmd), args);
    await run(c, a, { timeout: 60_000 });
  };
  const dataDir = path.join(dir, 'data');
  await exec('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
    '-c',
    'fast',
  ]);
  const port = await freePort();
  const options = `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c max_connections=200`;
  const start = async (): Promise<void> => {
    await exec('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(dir, 'log'),
      '-o',
      options,
      'start',
    ]);
  };
  await start();
  let destroyed = false;
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop(mode = 'fast') {
      await exec('pg_ctl', ['-D', dataDir, '-w', '-t', '60', '-m', mode, 'stop']);
    },
    start,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await exec('pg_ctl', ['-D', dataDir, '-w', '-t', '30', '-m', 'immediate', 'stop']).catch(
        () => undefined,
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates a cluster (initdb) and starts it. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-pg-'));
  fs.chmodSync(dir, 0o755);
  const { wrap } = await asPostgresUser(dir);
  const exec = async (cmd: string, args: string[]): Promise<void> => {
    const [c, a] = wrap(path.join(bin, cmd), args);
    await run(c, a, { timeout: 60_000 });
  };
  const dataDir = path.join(dir, 'data');
  await exec('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const port = await freePort();
  // fsync off: the tests crash processes and PostgreSQL, never the operating system, so no write is lost by it.
  const options = `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c max_connections=200`;
  const start = async (): Promise<void> => {
    await exec('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(dir, 'log'),
      '-o',
      options,
      'start',
    ]);
  };
  await start();
  const url = (database = 'postgres'): string => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let destroyed = false;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop(mode = 'fast') {
      await exec('pg_ctl', ['-D', dataDir, '-w', '-t', '60', '-m', mode, 'stop']);
    },
    start,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await exec('pg_ctl', ['-D', dataDir, '-w', '-t', '30', '-m', 'immediate', 'stop']).catch(
        () => undefined,
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
