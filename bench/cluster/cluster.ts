// A deployment of Obra on this machine: N `web` processes and one `worker` process, each on its own port and data
// directory, sharing a fresh database on the local PostgreSQL and the local Redis (with a channel prefix of its own),
// behind nothing but their ports. Used by cluster-check.ts, start-cluster.ts and the load test.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import {
  sharedSecrets,
  startObraProcess,
  type ObraProcess,
} from '../../apps/server/test/resilience/support/obra-process.ts';

/** A running cluster. */
export interface Cluster {
  readonly webs: ObraProcess[];
  readonly worker: ObraProcess | undefined;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** SIGTERM to every process (each must exit 0), then the database is dropped; resolves with the exit codes. */
  stop(): Promise<(number | null)[]>;
}

/** Options of a cluster. */
export interface ClusterOptions {
  webs: number;
  worker: boolean;
  /** Extra environment of every process. */
  env?: Record<string, string>;
}

/** The server the cluster's database is created on: OBRA_CLUSTER_DATABASE_URL, else DATABASE_URL, else the local one. */
function baseDatabaseUrl(): string {
  return (
    process.env.OBRA_CLUSTER_DATABASE_URL ||
    process.env.DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the database and starts the processes (the worker and the web processes together: migrations take a lock). */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const name = `obra_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(baseDatabaseUrl());
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const redisUrl = process.env.OBRA_CLUSTER_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const env = {
    ...sharedSecrets(),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_CHANNEL_PREFIX: `${name}:`,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const started: ObraProcess[] = [];
  const launch = async (role: 'web' | 'worker'): Promise<ObraProcess> => {
    const process = await startObraProcess(role, env);
    started.push(process);
    return process;
  };
  try {
    const [worker, ...webs] = await Promise.all([
      options.worker ? launch('worker') : Promise.resolve(undefined),
      ...Array.from({ length: options.webs }, () => launch('web')),
    ]);
    return {
      webs: webs as ObraProcess[],
      worker,
      databaseUrl,
      redisUrl,
      async stop() {
        const codes = await Promise.all(started.map((p) => p.stop()));
        for (const p of started) fs.rmSync(p.dataDir, { recursive: true, force: true });
        // OBRA_BENCH_KEEP_DATABASE=1 keeps the database for a look at its plans afterwards (EXPLAIN).
        if (process.env.OBRA_BENCH_KEEP_DATABASE === '1') console.log(`database kept: ${name}`);
        else await admin((c) => c.query(`drop database if exists ${name} with (force)`));
        return codes;
      },
    };
  } catch (error) {
    await Promise.all(started.map((p) => p.kill()));
    await admin((c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => undefined);
    throw error;
  }
}
