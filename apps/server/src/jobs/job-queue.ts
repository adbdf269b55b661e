import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, SqlExecutor } from '../db/database.ts';

/** The jobs Obra runs in the background, with their payloads. Later areas add theirs here. */
export interface JobPayloads {
  'mail.send': { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
  'project.duplicate': { copyId: number };
  'admin.script': { name: string; requestedByUserId: number };
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
} satisfies Record<JobName, true>;

/** A handler for one job; it throws to have the job retried. */
export type JobHandler<N extends JobName> = (payload: JobPayloads[N], jobId: string) => Promise<void>;

/** The background job queue (pg-boss on the same database). */
export interface JobQueue {
  /** Enqueues a job; pass the transaction's executor so the job exists only if the transaction commits. */
  send<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options?: { executor?: SqlExecutor },
  ): Promise<string>;
  /** Registers the worker for a job (only in processes that run jobs). */
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  /** The pg-boss instance, for operations and tests. */
  readonly boss: PgBoss;
  stop(): Promise<void>;
}

const RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true };

/** How this process takes part in the queue. */
export interface JobQueueOptions {
  /** Whether this process runs jobs (ROLE all or worker): only such processes supervise the queue and fire schedules. */
  runsJobs: boolean;
  /** A job active for longer counts as lost (its worker crashed) and is retried (JOB_TIMEOUT_SECONDS). */
  jobTimeoutSeconds: number;
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
  const boss = database.connectionString
    ? new PgBoss({
        connectionString: database.connectionString,
        max: 4,
        application_name: 'obra-jobs',
        ...supervision,
      })
    : new PgBoss({ db: afterStop.executor(database.executor), schema: 'pgboss', ...supervision });
  boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
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
  return {
    boss,
    async send(name, payload, options) {
      await ensureQueue(name);
      // The timeout travels with each job: queues created by an older configuration keep their own.
      const id = await boss.send(name, payload as object, {
        expireInSeconds,
        ...(options?.executor ? { db: options.executor } : {}),
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },
    async work(name, handler) {
      await ensureQueue(name);
      await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) {
          await handler(job.data, job.id);
        }
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000, wait: true });
      afterStop.stop();
    },
  };
}

/**
 * The shared connection as pg-boss sees it on PGlite. A job still running when the queue stops (its graceful wait is
 * over: a model conversion, say) ends later, and pg-boss then records its outcome through the connection that the
 * process is closing; that write would reject inside pg-boss, unhandled. After the stop its statements are dropped
 * instead (they never answer): the job stays active in the queue and is retried once its timeout passes, as for a crashed worker.
 */
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
