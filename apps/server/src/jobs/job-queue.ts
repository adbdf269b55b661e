import { createRequire } from 'node:module';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import {
  DATABASE_CONNECTION_TIMEOUT_MS,
  sessionOptions,
  type Database,
  type SqlExecutor,
} from '../db/database.ts';
import { isServiceUnavailableError } from '../lib/database-errors.ts';

/** The jobs Obra runs in the background, with their payloads. Later areas add theirs here. */
export interface JobPayloads {
  'mail.send': { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
  'project.duplicate': { copyId: number };
  'admin.script': { runId: number };
  'files.cleanup': Record<string, never>;
  'password.resetCode': { email: string };
  'notifications.tick': Record<string, never>;
  'notifications.digest': { kind: 'issues' | 'pending'; frequency: string; periodEnd: string };
  'notifications.immediate': Record<string, never>;
  'notifications.push': { subscriptionId: number; payload: string };
  'drive.bulkZip': { bulkDownloadId: string };
  'drive.cleanup': Record<string, never>;
  'drive.thumbnail': { fileId: number };
  'bcf.oauthCleanup': Record<string, never>;
  'bim.convert': { fileId: number };
  'drive.pdfPrepare': { fileId: number };
  'bcf.import': { jobId: string };
  'bcf.export': { jobId: string };
  'bcf.cleanup': Record<string, never>;
  /** The year's retrospectives (docs/retrospective.md); the schedule's empty payload means RETROSPECTIVE_YEAR. */
  'retrospective.compute': { year?: number };
  /** Smart Docs' passages of a prepared PDF revision (docs/ai.md). */
  'smartDocs.index': { fileId: number };
  /** A timed smart flow rule's run at `at` (docs/smart-flow.md); a rule changed since then skips it. */
  'smartFlow.run': { ruleId: number; at: string };
  /** The issue rules of a project look at the issues created (or changed) since their last look. */
  'smartFlow.issues': { projectId: number; triggers?: ('issueCreated' | 'issueChanged')[] };
  /** A background issue export (docs/workspace.md "Downloads"). */
  'exports.prepare': { exportJobId: string };
  /** Prepared exports past their day go, and old download notices. */
  'exports.cleanup': Record<string, never>;
  /** "Your download is ready" by e-mail, when no open tab showed the notice. */
  'downloads.readyMail': { userId: number; downloadId: string };
  /** A version of the partner platform streamed into its pending drive revision (docs/integrations.md). */
  'integrations.transfer': { transferId: string };
  /** Transfers older than a week are forgotten. */
  'integrations.cleanup': Record<string, never>;
  /** The embedded database's planner statistics, hourly (db/planner-statistics.ts). */
  'database.analyze': Record<string, never>;
  /** The embedded database's old row versions, nightly, with its statistics (db/planner-statistics.ts). */
  'database.vacuum': Record<string, never>;
}

/** A job name. */
export type JobName = keyof JobPayloads;

/** Every job name, so that each queue exists before the first send (see startJobQueue). */
const JOB_NAMES = {
  'mail.send': true,
  'project.duplicate': true,
  'admin.script': true,
  'files.cleanup': true,
  'password.resetCode': true,
  'notifications.tick': true,
  'notifications.digest': true,
  'notifications.immediate': true,
  'notifications.push': true,
  'drive.bulkZip': true,
  'drive.cleanup': true,
  'drive.thumbnail': true,
  'bcf.oauthCleanup': true,
  'bim.convert': true,
  'drive.pdfPrepare': true,
  'bcf.import': true,
  'bcf.export': true,
  'bcf.cleanup': true,
  'retrospective.compute': true,
  'smartDocs.index': true,
  'smartFlow.run': true,
  'smartFlow.issues': true,
  'exports.prepare': true,
  'exports.cleanup': true,
  'downloads.readyMail': true,
  'integrations.transfer': true,
  'integrations.cleanup': true,
  'database.analyze': true,
  'database.vacuum': true,
} satisfies Record<JobName, true>;

/** A handler for one job; it throws to have the job retried. */
export type JobHandler<N extends JobName> = (payload: JobPayloads[N], jobId: string) => Promise<void>;

/** The background job queue (pg-boss on the same database). */
export interface JobQueue {
  /**
   * Enqueues a job; pass the transaction's executor so the job exists only if the transaction commits, and
   * `startAfter` for a job that must not start before a time.
   */
  send<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options?: { executor?: SqlExecutor; startAfter?: Date },
  ): Promise<string>;
  /**
   * Registers the worker for a job (only in processes that run jobs); `concurrency` workers take jobs of this
   * queue at once in this process (one by default).
   */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options?: { concurrency?: number }): Promise<void>;
  /** The pg-boss instance, for operations and tests. */
  readonly boss: PgBoss;
  stop(): Promise<void>;
}

const RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true };

/**
 * How often a process looks by itself for jobs that no notification announced — a retry whose delay has passed, a
 * scheduled job, a notification lost with a connection. A job sent by any process wakes the workers of its queue at
 * once (`JOB_CHANNEL`), so the look is rare, and it is one statement for all the process's queues (`dueQueues`),
 * which wakes only the workers of the queues with due jobs: an idle server does not ask each of its queues
 * (issue 35 #6).
 */
export const JOB_POLL_SECONDS = 10;
/** pg-boss's own poll of each worker: only a safety net behind the notifications and the look above. */
const WORKER_POLL_SECONDS = 300;
/** The NOTIFY channel of sent jobs; the payload is the queue's name. */
export const JOB_CHANNEL = 'obra_jobs';

/** How this process takes part in the queue. */
export interface JobQueueOptions {
  /** Whether this process runs jobs (ROLE all or worker): only such processes supervise the queue and fire schedules. */
  runsJobs: boolean;
  /** A job active for longer counts as lost (its worker crashed) and is retried (JOB_TIMEOUT_SECONDS). */
  jobTimeoutSeconds: number;
  /** How often an idle worker looks for jobs by itself (default JOB_POLL_SECONDS; tests turn it off). */
  pollSeconds?: number;
}

/** Starts pg-boss on the process's database: its own pool on PostgreSQL, the shared connection on PGlite. */
export async function startJobQueue(
  database: Database,
  logger: Logger,
  options: JobQueueOptions = { runsJobs: true, jobTimeoutSeconds: 15 * 60 },
): Promise<JobQueue> {
  const expireInSeconds = options.jobTimeoutSeconds;
  // Maintenance finds the jobs of crashed workers (active past their timeout) and retries them; it runs in the
  // processes that run jobs, often enough that a lost job waits at most about one and a half timeouts.
  const supervision = {
    supervise: options.runsJobs,
    schedule: options.runsJobs,
    maintenanceIntervalSeconds: Math.min(120, Math.max(1, Math.floor(expireInSeconds / 2))),
  };
  const afterStop = droppedAfterStop();
  const pool = database.connectionString ? jobPool(database.connectionString, logger) : undefined;
  const executor = pool
    ? outcomesOutliveOutages(
        {
          async executeSql(text, values) {
            const result = await pool.query(text, values);
            return { rows: result.rows };
          },
        },
        logger,
      )
    : database.executor;
  const boss = new PgBoss({
    db: afterStop.executor(executor),
    schema: 'pgboss',
    ...supervision,
    // Schedules are of whole minutes: they are evaluated every 45 s (pg-boss's longest, so no minute is missed) and
    // their jobs sent within 15 s, instead of every 30 s and 5 s (a tenth of an idle server's CPU went to it).
    cronMonitorIntervalSeconds: 45,
    cronWorkerIntervalSeconds: 15,
  });
  boss.on('error', (error: Error & { queue?: string }) =>
    logger.error(
      { err: { message: error.message, code: (error as { code?: unknown }).code }, queue: error.queue },
      'job queue error',
    ),
  );
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string): Promise<void> => {
    if (created.has(name)) return;
    // Processes starting together on a fresh database create the same queues at once; pg-boss's DDL can then
    // deadlock or collide (found by the cluster start of issue 8). The loser retries and finds the queue made.
    for (let attempt = 1; !(await boss.getQueue(name)); attempt++) {
      try {
        await boss.createQueue(name, { name, ...RETRY, expireInSeconds });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
    created.add(name);
  };
  // Create every queue now, outside any transaction: a send inside a transaction must not create its queue,
  // because on PGlite the queue's statements wait for the one connection the transaction holds (a process with
  // JOBS=none registers no worker, so nothing else would have created it).
  for (const name of Object.keys(JOB_NAMES)) await ensureQueue(name);
  // The workers of each queue, woken when a job is sent to it (by this process or another one): NOTIFY is
  // transactional, so a job sent inside a unit of work wakes them only once it is committed and can be fetched.
  const workers = new Map<string, string[]>();
  const wake = (queue: string) => {
    const ids = queue === '*' ? [...workers.values()].flat() : (workers.get(queue) ?? []);
    for (const id of ids) boss.notifyWorker(id);
  };
  const unlisten = options.runsJobs ? await database.listen(JOB_CHANNEL, wake) : undefined;
  const pollSeconds = options.pollSeconds ?? JOB_POLL_SECONDS;
  const probeExecutor = afterStop.executor(executor);
  let probing = false;
  const probe = async () => {
    if (probing || workers.size === 0) return;
    probing = true;
    try {
      for (const queue of await dueQueues(probeExecutor, [...workers.keys()])) wake(queue);
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'looking for due jobs failed: looking again later');
    } finally {
      probing = false;
    }
  };
  const probeTimer = options.runsJobs ? setInterval(() => void probe(), pollSeconds * 1000) : undefined;
  probeTimer?.unref();
  return {
    boss,
    async send(name, payload, options) {
      await ensureQueue(name);
      // The timeout travels with each job: queues created by an older configuration keep their own.
      const id = await boss.send(name, payload as object, {
        expireInSeconds,
        ...(options?.executor ? { db: options.executor } : {}),
        ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      await (options?.executor ?? executor).executeSql('select pg_notify($1, $2)', [JOB_CHANNEL, name]);
      return id;
    },
    async work(name, handler, workOptions) {
      await ensureQueue(name);
      for (let i = 0; i < Math.max(1, workOptions?.concurrency ?? 1); i++) {
        const self: { id?: string } = {};
        self.id = await boss.work<JobPayloads[typeof name]>(
          name,
          { pollingIntervalSeconds: Math.max(pollSeconds, WORKER_POLL_SECONDS) },
          async (jobs) => {
            for (const job of jobs) {
              await handler(job.data, job.id);
            }
            // A worker that found work looks again at once: a queue drains without waiting for the next poll.
            if (self.id) boss.notifyWorker(self.id);
          },
        );
        workers.set(name, [...(workers.get(name) ?? []), self.id]);
      }
    },
    async stop() {
      clearInterval(probeTimer);
      await unlisten?.();
      await boss.stop({ graceful: true, timeout: 5_000, wait: true });
      afterStop.stop();
      await pool?.end();
    },
  };
}

/**
 * pg-boss's connections on PostgreSQL: a pool of Obra's own, so that every connection has an error listener (a
 * connection that breaks while idle or checked out must not crash the process) and the wait for a connection is
 * bounded like the main pool's (a send inside a request answers SERVICE_UNAVAILABLE instead of hanging).
 */
function jobPool(connectionString: string, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 4,
    application_name: 'obra-jobs',
    connectionTimeoutMillis: DATABASE_CONNECTION_TIMEOUT_MS,
    ...sessionOptions(connectionString),
  });
  pool.on('error', (error) => logger.warn({ err: error.message }, 'job queue connection lost'));
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

const bossPlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/**
 * pg-boss records the outcome of a job a worker ran (completed or failed) without awaiting it: when the database
 * is away at that moment the statement rejects with nobody to catch it, and Node ends the process (issue 30 #1:
 * "Connection terminated unexpectedly", exit 1, then no job ran). Here those two statements wait for the
 * database instead: retried while it is unreachable, so the outcome is recorded once it is back. Any other failure
 * of them is logged and the statement never settles: the job stays active and is retried after its timeout, as
 * for a crashed worker. Every other statement fails as usual (a send answers SERVICE_UNAVAILABLE).
 */
export function outcomesOutliveOutages(
  inner: SqlExecutor,
  logger: Pick<Logger, 'warn' | 'error'>,
): SqlExecutor {
  const outcomes = new Set([bossPlans.completeJobs('pgboss'), bossPlans.failJobsById('pgboss')]);
  return {
    async executeSql(text, values) {
      if (!outcomes.has(text)) return inner.executeSql(text, values);
      for (let delayMs = 500; ; delayMs = Math.min(delayMs * 2, 10_000)) {
        try {
          return await inner.executeSql(text, values);
        } catch (error) {
          if (
            !isServiceUnavailableError(error) ||
            (error as Error).message.includes('calling end on the pool')
          ) {
            logger.error({ err: error }, 'the outcome of a job could not be recorded: it will be retried');
            return new Promise<never>(() => undefined);
          }
          logger.warn(
            { err: (error as Error).message },
            'the database is away: recording a job outcome later',
          );
          await new Promise((resolve) => setTimeout(resolve, delayMs));
        }
      }
    },
  };
}

/**
 * The shared connection as pg-boss sees it on PGlite. A job still running when the queue stops (its graceful wait is
 * over: a model conversion, say) ends later, and pg-boss then records its outcome through the connection that the
 * process is closing; that write would reject inside pg-boss, unhandled. After the stop its statements are dropped
 * instead (they never answer): the job stays active in the queue and is retried once its timeout passes, as for a crashed worker.
 */
/** The queues among `names` with a job that may start now (pg-boss's own condition for a fetch, on its index). */
async function dueQueues(executor: SqlExecutor, names: readonly string[]): Promise<string[]> {
  const { rows } = await executor.executeSql(
    `select distinct name from pgboss.job
      where name = any($1::text[]) and state < 'active' and start_after < now()`,
    [names],
  );
  return (rows as { name: string }[]).map((r) => r.name);
}

function droppedAfterStop() {
  let stopped = false;
  return {
    executor(inner: SqlExecutor): SqlExecutor {
      return {
        // A statement after the stop never settles: pg-boss reads no result it could misread (an empty answer
        // fails further on), and the pending promise goes with the worker that waits for it.
        executeSql: (text, values) =>
          stopped ? new Promise<never>(() => undefined) : inner.executeSql(text, values),
      };
    },
    stop() {
      stopped = true;
    },
  };
}
