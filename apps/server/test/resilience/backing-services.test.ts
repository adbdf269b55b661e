// Fault tests (2) and (3) of issue 8: PostgreSQL restarted under traffic, and Redis stopped under traffic. Both run
// on servers of the test's own (support/own-postgres.ts, support/own-redis.ts), never the machine's shared ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql as drizzleSql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../../src/db/database.ts';
import { startJobQueue } from '../../src/jobs/job-queue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  buildIssueWorld,
  CREATE_ISSUE,
  draft,
  GET_ISSUES,
  type IssueWorld,
} from '../issues/issue-test-kit.ts';
import {
  COMMENT_CHANGED,
  subscribeAs,
  type CommentChange,
  type LiveSubscription,
} from '../issues/subscription-test-kit.ts';
import { CREATE_COMMENT } from '../issues/comment-test-kit.ts';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.ts';
import { startOwnRedis, type OwnRedis } from './support/own-redis.ts';
import { gqlAt, outcomeCode } from './support/gql-client.ts';
import { sharedSecrets } from './support/obra-process.ts';
import { waitUntil } from './support/ports.ts';

let postgres: OwnPostgres;
let redis: OwnRedis;
const servers: TestServer[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
});

afterAll(async () => {
  for (const s of servers.reverse()) await s.close({ keepData: true }).catch(() => undefined);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await redis?.destroy();
  await postgres?.destroy();
});

async function serverOn(databaseUrl: string, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-fault-'));
  dirs.push(dataDir);
  const server = await startTestServer(
    { DATABASE_URL: databaseUrl, RATE_LIMIT_MULTIPLIER: '1000', ...env },
    { dataDir, database: { url: databaseUrl, drop: async () => undefined } },
  );
  servers.push(server);
  return server;
}

/** A REST call that reaches the database: a refresh with an unknown token answers 401 when all is well. */
async function refreshProbe(t: TestServer): Promise<{ status: number; code: string | undefined }> {
  try {
    const res = await fetch(`${t.url}/auth/refresh`, {
      method: 'POST',
      headers: { cookie: 'obra_refresh=unknown-token' },
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json()) as { code?: string };
    return { status: res.status, code: body.code };
  } catch (error) {
    return { status: 0, code: `TRANSPORT ${(error as Error).message}` };
  }
}

/** Fails after 10 s instead of waiting for a connection that never comes back. */
function within<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no connection left in the pool')), 10_000),
    ),
  ]);
}

async function readyStatus(t: TestServer): Promise<number> {
  return (await fetch(`${t.url}/readyz`, { signal: AbortSignal.timeout(10_000) })).status;
}

describe('PostgreSQL restarted during traffic', () => {
  it('turns /readyz unhealthy then healthy, answers the gap with SERVICE_UNAVAILABLE, and reconnects without a restart', async () => {
    const url = await postgres.createDatabase('obra_pg_restart');
    // A small pool: a connection lost for good at each failed transaction would soon leave none.
    const t = await serverOn(url, { DATABASE_POOL_SIZE: '3' });
    const w: IssueWorld = await buildIssueWorld(t);
    const acknowledged = new Map<number, string>();
    const gapAnswers: string[] = [];
    const unexpected: string[] = [];
    let phase: 'up' | 'down' | 'back' = 'up';
    let stop = false;
    let n = 0;
    const client = async (): Promise<void> => {
      while (!stop) {
        const title = `pg-restart-${n++}`;
        const created = await gqlAt<{ createIssue: { id: number } }>(
          t.url,
          CREATE_ISSUE,
          draft(w, { title }),
          { token: w.creator.token },
        );
        const listed = await gqlAt(
          t.url,
          GET_ISSUES,
          { projectId: w.projectId, first: 5 },
          { token: w.creator.token },
        );
        const rest = await refreshProbe(t);
        // Answers that arrive once the stop began belong to the gap, whenever their request left.
        const during = phase;
        if (created.data?.createIssue) acknowledged.set(created.data.createIssue.id, title);
        for (const [what, outcome] of [
          ['createIssue', created],
          ['getIssues', listed],
        ] as const) {
          const code = outcomeCode(outcome);
          if (code === undefined) continue;
          if (code === 'SERVICE_UNAVAILABLE' && outcome.status === 503 && during !== 'up')
            gapAnswers.push(`${what} ${code}`);
          else
            unexpected.push(
              `${during} ${what}: HTTP ${outcome.status} ${code} ${outcome.failure ?? outcome.errors?.[0]?.message ?? ''}`,
            );
        }
        if (rest.status === 503 && rest.code === 'SERVICE_UNAVAILABLE' && during !== 'up')
          gapAnswers.push('refresh SERVICE_UNAVAILABLE');
        else if (rest.status !== 401) unexpected.push(`${during} refresh: HTTP ${rest.status} ${rest.code}`);
        // Failures come back at once while the database is away; do not spin.
        if (phase !== 'up') await new Promise((r) => setTimeout(r, 25));
      }
    };
    const clients = Promise.all([client(), client(), client()]);
    try {
      await waitUntil(
        'writes before the restart',
        async () => (acknowledged.size >= 6 ? true : undefined),
        30_000,
        20,
      );
      phase = 'down';
      await postgres.stop('immediate');
      await waitUntil(
        '/readyz to turn unhealthy',
        async () => ((await readyStatus(t)) === 503 ? true : undefined),
        20_000,
      );
      await waitUntil(
        'requests in the gap to be answered',
        async () => (gapAnswers.length >= 3 ? true : undefined),
        20_000,
        20,
      );
      phase = 'back';
      await postgres.start();
      await waitUntil(
        '/readyz to turn healthy again',
        async () => ((await readyStatus(t)) === 200 ? true : undefined),
        30_000,
      );
      const before = acknowledged.size;
      await waitUntil(
        'writes to succeed again on the same process',
        async () => (acknowledged.size > before + 12 ? true : undefined),
        30_000,
        50,
      );
    } finally {
      stop = true;
      await clients;
    }
    expect(unexpected).toEqual([]);
    expect(gapAnswers.length).toBeGreaterThan(0);
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    try {
      const { rows } = await sql.query<{ id: number; title: string }>(
        'select id, title from issues where id = any($1)',
        [[...acknowledged.keys()]],
      );
      expect(new Map(rows.map((r) => [r.id, r.title]))).toEqual(acknowledged);
    } finally {
      await sql.end();
    }
    // Every connection went back to the pool: the process shuts down instead of waiting for lost ones.
    await t.server.close();
  });
});

describe('the connection pool after a failed BEGIN', () => {
  it('gives the connection back, so failed transactions cannot exhaust the pool', async () => {
    // A BEGIN that fails is what a connection lost between check-out and BEGIN meets during a restart; a BEGIN
    // the server refuses reproduces it at will.
    const database = await openDatabase({
      databaseUrl: await postgres.createDatabase('obra_pool'),
      poolSize: 1,
    });
    try {
      for (let i = 0; i < 3; i++) {
        const failed = database.db.transaction(async () => undefined, {
          isolationLevel: 'no such level' as never,
        });
        await expect(failed).rejects.toThrow();
      }
      const { rows } = await within(database.executor.executeSql('select 1 as ok'));
      expect(rows).toEqual([{ ok: 1 }]);
      await within(database.db.execute(drizzleSql`select 1`));
    } finally {
      await within(database.close());
    }
  });
});

describe('processes starting together on an empty database', () => {
  it('all get their job queues (pg-boss creating the same queues at once deadlocked)', async () => {
    const url = await postgres.createDatabase('obra_queues');
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })));
    const logger = pino({ level: 'silent' });
    try {
      const queues = await Promise.allSettled(
        databases.map((d) => startJobQueue(d, logger, { runsJobs: true, jobTimeoutSeconds: 60 })),
      );
      expect(
        queues.filter((q) => q.status === 'rejected').map((q) => String((q as PromiseRejectedResult).reason)),
      ).toEqual([]);
      for (const q of queues) if (q.status === 'fulfilled') await q.value.stop();
      const { rows } = await databases[0]!.executor.executeSql('select name from pgboss.queue order by name');
      expect(rows.map((r) => (r as { name: string }).name)).toEqual(
        expect.arrayContaining(['mail.send', 'project.duplicate']),
      );
    } finally {
      for (const d of databases) await d.close();
    }
  });
});

describe('Redis stopped during traffic', () => {
  it('keeps serving queries and mutations on every process, and live updates resume (after a reconnect) when Redis returns', async () => {
    const url = await postgres.createDatabase('obra_redis_outage');
    // Processes of one deployment share the token signing keys (else a token is good on one process only).
    const env = { ...sharedSecrets(), REDIS_URL: redis.url, REDIS_CHANNEL_PREFIX: 'fault:' };
    const one = await serverOn(url, env);
    const two = await serverOn(url, env);
    const w = await buildIssueWorld(one);
    const issueId = (
      await gqlAt<{ createIssue: { id: number } }>(one.url, CREATE_ISSUE, draft(w), {
        token: w.creator.token,
      })
    ).data?.createIssue.id;
    expect(issueId).toBeTypeOf('number');
    const sub = await subscribeAs<CommentChange>(
      two,
      w.collaboratorSame,
      COMMENT_CHANGED,
      { projectId: w.projectId },
      'projectIssueCommentChanged',
    );
    const comment = (t: TestServer, message: string) =>
      gqlAt(
        t.url,
        CREATE_COMMENT,
        { projectId: w.projectId, issueId, message, visibility: 'public' },
        { token: w.creator.token, timeoutMs: 15_000 },
      );
    let again: LiveSubscription<CommentChange> | undefined;
    try {
      await waitUntil(
        'the subscription to be live',
        async () => {
          const warm = await comment(one, 'warm-up');
          if (warm.errors) throw new Error(JSON.stringify(warm.errors) + JSON.stringify(sub.errors));
          return sub.events.some((e) => e.comment.message === 'warm-up') ? true : undefined;
        },
        30_000,
        300,
      );

      await redis.kill();
      const during: string[] = [];
      for (const t of [one, two, one, two]) {
        const outcomes = [
          await gqlAt(t.url, CREATE_ISSUE, draft(w, { title: 'sem redis' }), {
            token: w.creator.token,
            timeoutMs: 15_000,
          }),
          await comment(t, 'comentário sem redis'),
          await gqlAt(
            t.url,
            GET_ISSUES,
            { projectId: w.projectId, first: 10 },
            { token: w.collaboratorSame.token, timeoutMs: 15_000 },
          ),
        ];
        during.push(...outcomes.map((o) => `${o.status} ${outcomeCode(o) ?? 'ok'}`));
        const rest = await refreshProbe(t);
        during.push(`${rest.status} ${rest.code}`);
      }
      expect(during.filter((d) => d !== '200 ok' && d !== '401 NotAuthorizedException')).toEqual([]);
      expect(await readyStatus(one)).toBe(200);

      await redis.start();
      // What was published in the gap never reached the subscriber: once Redis delivers again, the server ends
      // the websocket with 1013 so that clients subscribe again and reload (live-across-redis-outage.test.ts).
      expect(await sub.waitForClose(30_000)).toBe(1013);
      again = await subscribeAs<CommentChange>(
        two,
        w.collaboratorSame,
        COMMENT_CHANGED,
        { projectId: w.projectId },
        'projectIssueCommentChanged',
      );
      const resubscribed = again;
      const seen = await waitUntil(
        'a comment made on one process to reach a subscriber on the other again',
        async () => {
          const marker = `de volta ${Date.now()}`;
          await comment(one, marker);
          await new Promise((r) => setTimeout(r, 300));
          return resubscribed.events.find((e) => e.comment.message === marker);
        },
        45_000,
        0,
      );
      expect(seen).toMatchObject({ kind: 'created', issueId });
    } finally {
      await sub.close();
      await again?.close();
    }
  });
});
