// Issue 30 #1: a PostgreSQL restart could kill a job-running process (exit 1, "Connection terminated unexpectedly"),
// after which no job ran: pg-boss records a job's outcome without awaiting it, so a job that ended while the
// database was away rejected with nobody to catch it. Here real Obra processes of every role (an all-in-one
// deployment, and a web + worker deployment sharing Redis) live through several restarts of their PostgreSQL
// (crash and clean stop) while jobs are queued and running — the test's SMTP server holds each mail job until the
// database is down, then lets it end — and afterwards every process is still up, and a job queued through each
// deployment still runs. On a PostgreSQL, Redis and SMTP server of the test's own.
import fs from 'node:fs';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.ts';
import { startOwnRedis, type OwnRedis } from './support/own-redis.ts';
import { sharedSecrets, startObraProcess, type ObraProcess } from './support/obra-process.ts';
import { freePort, waitUntil } from './support/ports.ts';

let postgres: OwnPostgres;
let redis: OwnRedis;
const started: ObraProcess[] = [];
const bosses: PgBoss[] = [];

/** Mail delivered to the test's SMTP server (recipients), and the deliveries it holds until `release`. */
const delivered: string[] = [];
let holding = true;
let held: { finish: (error?: Error) => void }[] = [];
let smtp: SMTPServer;
let smtpPort: number;

function release(): void {
  const now = held;
  held = [];
  // Half of them end well, half fail: the job is then completed or failed while the database is away.
  now.forEach((h, i) => h.finish(i % 2 === 0 ? undefined : new Error('held mail refused')));
}

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
  smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const finish = (error?: Error): void => {
          if (!error) delivered.push(...to);
          callback(error ?? null);
        };
        if (holding) held.push({ finish });
        else finish();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
});

afterAll(async () => {
  holding = false;
  release();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  for (const b of bosses) await b.stop({ graceful: false, wait: false }).catch(() => undefined);
  await Promise.all(started.map((p) => p.kill()));
  for (const p of started) fs.rmSync(p.dataDir, { recursive: true, force: true });
  await redis?.destroy();
  await postgres?.destroy();
});

async function launch(role: ObraProcess['role'], env: Record<string, string>): Promise<ObraProcess> {
  const p = await startObraProcess(role, env);
  started.push(p);
  return p;
}

/** A password-reset request: its job (and the mail job it queues) is enqueued by the process that answers. */
async function requestReset(url: string, email: string): Promise<number> {
  try {
    const res = await fetch(`${url}/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(30_000),
    });
    return res.status;
  } catch {
    return 0;
  }
}

describe('every process across PostgreSQL restarts', () => {
  it('stays up in every role and runs the jobs queued after the restarts', async () => {
    const secrets = sharedSecrets();
    const allUrl = await postgres.createDatabase('obra_restart_all');
    const splitUrl = await postgres.createDatabase('obra_restart_split');
    // Small pools and a short connection wait, so that the restarts meet connections in every state.
    const common = {
      ...secrets,
      RATE_LIMIT_MULTIPLIER: '1000',
      DATABASE_POOL_SIZE: '3',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    };
    const all = await launch('all', { ...common, DATABASE_URL: allUrl });
    const splitEnv = {
      ...common,
      DATABASE_URL: splitUrl,
      REDIS_URL: redis.url,
      REDIS_CHANNEL_PREFIX: 'restart',
    };
    const worker = await launch('worker', splitEnv);
    const web = await launch('web', splitEnv);
    const processes = [all, worker, web];

    // The test's own producers keep queueing mail jobs into both deployments, across the restarts.
    const producers = await Promise.all(
      [allUrl, splitUrl].map(async (url) => {
        const boss = new PgBoss({ connectionString: url, max: 2, supervise: false, schedule: false });
        boss.on('error', () => undefined);
        await boss.start();
        bosses.push(boss);
        return boss;
      }),
    );
    let stop = false;
    let sent = 0;
    const produce = async (boss: PgBoss): Promise<void> => {
      while (!stop) {
        await boss
          .send('mail.send', {
            to: `load${sent++}@${boss === producers[0] ? 'all' : 'split'}.example.com`,
            subject: 'carga',
            text: 'carga',
          })
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const traffic = async (): Promise<void> => {
      while (!stop) {
        await requestReset(web.url, 'ninguem@example.com');
        await requestReset(all.url, 'ninguem@example.com');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const load = Promise.all([...producers.map(produce), traffic()]);
    try {
      for (const mode of ['immediate', 'fast', 'immediate', 'fast'] as const) {
        // Each job-running process is in the middle of a mail job when the database goes.
        await waitUntil(
          'a mail job of each deployment to be running',
          async () => {
            const tos = held.length;
            return tos >= 2 ? true : undefined;
          },
          60_000,
          100,
        );
        await postgres.stop(mode);
        release();
        // Long enough for every pool, poller and supervisor to meet the closed database.
        await new Promise((r) => setTimeout(r, 2_500));
        await postgres.start();
        const ready = await waitUntil<true | ObraProcess>(
          'every process to be ready again',
          async () => {
            for (const p of processes) {
              // A dead process fails the test at once (waitUntil retries what throws).
              if (p.child.exitCode !== null || p.child.signalCode !== null) return p;
              const res = await fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
              if (res.status !== 200) return undefined;
            }
            return true;
          },
          60_000,
          250,
        );
        if (ready !== true) expect.fail(`the ${ready.role} process died: ${ready.output().slice(-3000)}`);
      }
    } finally {
      stop = true;
      holding = false;
      release();
      await load;
    }
    for (const p of processes) {
      expect(p.child.exitCode, `${p.role} exit code; ${p.output().slice(-3000)}`).toBeNull();
      expect(p.child.signalCode, `${p.role} signal`).toBeNull();
    }

    // A job queued after the restarts runs, in each deployment: through the test's queue…
    const [allBoss, splitBoss] = producers as [PgBoss, PgBoss];
    const marker = `depois-${Date.now()}`;
    for (const boss of [allBoss, splitBoss])
      await boss.send('mail.send', { to: `${marker}@example.com`, subject: marker, text: marker });
    await waitUntil(
      'the all-in-one process and the worker to run the new jobs',
      async () => (delivered.filter((to) => to === `${marker}@example.com`).length === 2 ? true : undefined),
      60_000,
      250,
    );

    // …and through the web process's own queue (a reset request queues a job there that the worker runs).
    const sql = new pg.Pool({ connectionString: splitUrl, max: 1 });
    try {
      const before = await sql.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = 'password.resetCode' and state = 'completed'",
      );
      expect(await requestReset(web.url, 'ninguem@example.com')).toBe(204);
      await waitUntil(
        'the reset job queued by the web process to be run by the worker',
        async () => {
          const { rows } = await sql.query<{ n: number }>(
            "select count(*)::int as n from pgboss.job where name = 'password.resetCode' and state = 'completed'",
          );
          return (rows[0]?.n ?? 0) > (before.rows[0]?.n ?? 0) ? true : undefined;
        },
        60_000,
        250,
      );
    } finally {
      await sql.end();
    }
    for (const p of processes) expect((await fetch(`${p.url}/readyz`)).status).toBe(200);
  }, 400_000);
});
