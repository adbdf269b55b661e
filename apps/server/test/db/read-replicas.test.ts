// Issue 35 #4: read replicas (DATABASE_REPLICA_URLS). A PostgreSQL primary of the test's own and a real streaming
// replica of it (pg_basebackup -R, resilience/support/own-postgres.ts): the issue list reads from the replica, a
// person's own write is read back from the primary at once (read-your-writes), a replica lagging past
// DATABASE_REPLICA_MAX_LAG_MS is skipped, and a replica that is down costs the reader nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openDatabase, type Database, type Db } from '../../src/db/database.ts';
import { readDatabase, REPLICA_WRITES_CHANNEL, type ReadReplicas } from '../../src/db/read-replicas.ts';
import { createAppPubSub } from '../../src/realtime/pubsub.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  createIssueAs,
  draft,
  GET_ISSUES,
  UPDATE_ISSUE,
  type IssueWorld,
} from '../issues/issue-test-kit.ts';
import {
  startOwnPostgres,
  startOwnReplica,
  type OwnPostgres,
  type OwnReplica,
} from '../resilience/support/own-postgres.ts';
import { waitUntil } from '../resilience/support/ports.ts';

const DATABASE = 'obra_replicas';
// The machine's Redis, as realtime.test.ts uses it: processes tell each other whose writes committed through it.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `replicas-${process.pid}-${Date.now()}:`;

let primary: OwnPostgres;
let replica: OwnReplica;
let replicaAdmin: pg.Client;
let t: TestServer | undefined;
let dataDir = '';
let w: IssueWorld;
let issueId: number;

beforeAll(async () => {
  primary = await startOwnPostgres();
  const url = await primary.createDatabase(DATABASE);
  replica = await startOwnReplica(primary);
  replicaAdmin = new pg.Client({ connectionString: replica.url(DATABASE) });
  await replicaAdmin.connect();
  replicaAdmin.on('error', () => undefined);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-replicas-'));
  // A generous bound: a replica whose replay the test pauses still serves the others (the bound has its own test).
  t = await startTestServer(
    {
      DATABASE_URL: url,
      DATABASE_REPLICA_URLS: replica.url(DATABASE),
      DATABASE_REPLICA_MAX_LAG_MS: '60000',
      RATE_LIMIT_MULTIPLIER: '1000',
      REDIS_URL,
      REDIS_CHANNEL_PREFIX: PREFIX,
    },
    { dataDir, database: { url, drop: async () => undefined } },
  );
  w = await buildIssueWorld(t);
  issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Título original' }));
});

afterAll(async () => {
  await t?.close({ keepData: true }).catch(() => undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await replicaAdmin?.end().catch(() => undefined);
  await replica?.destroy();
  await primary?.destroy();
});

function server(): TestServer {
  if (!t) throw new Error('no server');
  return t;
}

function replicasOf(database: Database): ReadReplicas {
  if (!database.replicas) throw new Error('the database has no read replicas');
  return database.replicas;
}

const actorOf = (user: TestUser) => ({ account: { id: user.id } });

/** Whether `db` is a standby: where a read on it ran. */
async function inRecovery(db: Db): Promise<boolean> {
  const result = await db.execute<{ standby: boolean }>(sql`select pg_is_in_recovery() as standby`);
  const rows = Array.isArray(result) ? result : (result as { rows: { standby: boolean }[] }).rows;
  return Boolean((rows[0] as { standby: boolean } | undefined)?.standby);
}

/** Waits until the replica holds everything the primary had now (a probe started after this call saw it caught up). */
async function replicaHasEverything(replicas: ReadReplicas): Promise<void> {
  const from = performance.now();
  await waitUntil('the replica to replay everything the primary had', async () => {
    await replicas.probe();
    const [status] = replicas.status();
    return status?.reachable && performance.now() - status.lagMs > from ? true : undefined;
  });
}

async function titleSeenBy(user: TestUser): Promise<string | undefined> {
  const data = await call<{ getIssues: { issues: { id: number; title: string }[] } }>(
    server(),
    user,
    GET_ISSUES,
    {
      projectId: w.projectId,
    },
  );
  return data.getIssues.issues.find((i) => i.id === issueId)?.title;
}

async function setReplay(paused: boolean): Promise<void> {
  await replicaAdmin.query(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');
}

describe('read replicas', () => {
  it('are refused without a PostgreSQL primary (the embedded database has none)', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://replica.example/obra' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://primary.example/obra', DATABASE_REPLICA_URLS: 'http://x' }),
    ).toThrow(/DATABASE_REPLICA_URLS/);
    const config = loadConfig({
      DATABASE_URL: 'postgres://primary.example/obra',
      DATABASE_REPLICA_URLS: 'postgres://r1.example/obra, postgres://r2.example/obra',
    });
    expect(config.databaseReplicaUrls).toEqual(['postgres://r1.example/obra', 'postgres://r2.example/obra']);
    expect(config.databaseReplicaMaxLagMs).toBe(5000);
  });

  it('send the issue list to the replica, and writes to the primary', async () => {
    const { services } = server().server;
    const replicas = replicasOf(services.database);
    await replicaHasEverything(replicas);
    expect(await inRecovery(readDatabase(services, actorOf(w.coordinator)))).toBe(true);
    expect(await inRecovery(services.database.db)).toBe(false);
    // A read database runs single statements: a transaction on it is refused, not spread over connections.
    await expect(
      readDatabase(services, actorOf(w.coordinator)).transaction(async () => undefined),
    ).rejects.toThrow(/no transactions/);

    // A change straight on the primary (nobody's request) while the replica does not replay: the list does not
    // show it, because it reads the replica; once replay goes on, it does.
    await setReplay(true);
    try {
      await services.database.db.execute(
        sql`update issues set title = 'Só no primário' where id = ${issueId}`,
      );
      expect(await titleSeenBy(w.coordinator)).toBe('Título original');
    } finally {
      await setReplay(false);
    }
    await replicaHasEverything(replicas);
    expect(await titleSeenBy(w.coordinator)).toBe('Só no primário');
  });

  it("read a person's own write back at once (read-your-writes), while the others read the replica", async () => {
    const { services } = server().server;
    const replicas = replicasOf(services.database);
    await replicaHasEverything(replicas);
    await setReplay(true);
    try {
      await call(server(), w.creator, UPDATE_ISSUE, {
        projectId: w.projectId,
        issueId,
        title: 'Mudado pelo criador',
      });
      // The writer's next read sees the write: it goes to the primary; the replica has not replayed it yet.
      expect(await titleSeenBy(w.creator)).toBe('Mudado pelo criador');
      expect(await inRecovery(readDatabase(services, actorOf(w.creator)))).toBe(false);
      expect(await titleSeenBy(w.coordinator)).toBe('Só no primário');
      expect(await inRecovery(readDatabase(services, actorOf(w.coordinator)))).toBe(true);
    } finally {
      await setReplay(false);
    }
    // Once a replica has replayed past the write, the writer reads from it again.
    await replicaHasEverything(replicas);
    expect(await inRecovery(readDatabase(services, actorOf(w.creator)))).toBe(true);
    expect(await titleSeenBy(w.coordinator)).toBe('Mudado pelo criador');
  });

  it("count a person's write committed by another process (through the pub/sub) as theirs here too", async () => {
    const { services } = server().server;
    const replicas = replicasOf(services.database);
    await replicaHasEverything(replicas);
    const other = createAppPubSub(REDIS_URL, services.logger);
    await setReplay(true);
    try {
      // The other process's commit: the primary moves on, the paused replica does not follow.
      await services.database.db.execute(
        sql`update issues set title = 'Noutro processo' where id = ${issueId}`,
      );
      await waitUntil("the other process's note to arrive", async () => {
        other.publish(REPLICA_WRITES_CHANNEL, `${PREFIX}writes`, { accountId: w.coordinator.id });
        return (await inRecovery(readDatabase(services, actorOf(w.coordinator)))) ? undefined : true;
      });
      expect(await titleSeenBy(w.coordinator)).toBe('Noutro processo');
      // Nobody else's reads moved: they still read the (paused) replica.
      expect(await inRecovery(readDatabase(services, actorOf(w.creator)))).toBe(true);
      expect(await titleSeenBy(w.creator)).toBe('Mudado pelo criador');
    } finally {
      await setReplay(false);
      await other.close();
    }
    await replicaHasEverything(replicas);
    expect(await titleSeenBy(w.creator)).toBe('Noutro processo');
  });

  it('skip a replica that lags past DATABASE_REPLICA_MAX_LAG_MS, and use it again once it catches up', async () => {
    // A second process's view of the same servers, with a tight bound.
    const strict = await openDatabase({
      databaseUrl: primary.url(DATABASE),
      replicaUrls: [replica.url(DATABASE)],
      replicaMaxLagMs: 300,
    });
    try {
      const replicas = replicasOf(strict);
      await replicaHasEverything(replicas);
      expect(replicas.choose(undefined)).toBeDefined();
      await setReplay(true);
      try {
        // The primary moves on; the replica does not replay it.
        await strict.db.execute(sql`update issues set title = 'Depois da pausa' where id = ${issueId}`);
        await waitUntil('the replica to count as lagging', async () => {
          await replicas.probe();
          return replicas.choose(undefined) === undefined ? true : undefined;
        });
        expect(await inRecovery(readDatabase({ database: strict }, actorOf(w.coordinator)))).toBe(false);
        expect(replicas.status()[0]?.reachable).toBe(true);
        expect(replicas.status()[0]?.behindBytes).toBeGreaterThan(0);
      } finally {
        await setReplay(false);
      }
      await replicaHasEverything(replicas);
      expect(await inRecovery(readDatabase({ database: strict }, actorOf(w.coordinator)))).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('answer from the primary when the replica is down, without an error, and return to it when it is back', async () => {
    const { services } = server().server;
    const replicas = replicasOf(services.database);
    await replicaHasEverything(replicas);
    await services.database.db.execute(sql`update issues set title = 'Réplica parada' where id = ${issueId}`);
    await replicaHasEverything(replicas);
    await replica.stop('fast');
    try {
      // No probe has seen it stop: the read is sent to the replica, fails to connect, and runs on the primary.
      expect(await titleSeenBy(w.coordinator)).toBe('Réplica parada');
      expect(replicas.status()[0]?.reachable).toBe(false);
      await replicas.probe();
      expect(replicas.status()[0]?.reachable).toBe(false);
      expect(await inRecovery(readDatabase(services, actorOf(w.coordinator)))).toBe(false);
      expect(await titleSeenBy(w.coordinator)).toBe('Réplica parada');
    } finally {
      await replica.start();
    }
    await replicaHasEverything(replicas);
    expect(await inRecovery(readDatabase(services, actorOf(w.coordinator)))).toBe(true);
    expect(await titleSeenBy(w.coordinator)).toBe('Réplica parada');
  });
});
