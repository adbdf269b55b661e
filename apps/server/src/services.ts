import type { Logger } from 'pino';
import type { AuthRuntime } from './auth/auth-runtime.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './observability/metrics.ts';
import type { PubSub } from './realtime/pubsub.ts';
import type { FileStorage } from './storage/file-storage.ts';

/** The long-lived parts of one server process, created once at start-up and shared by every request. */
export interface AppServices {
  /** Identifies this server process among several sharing Redis. */
  readonly processId: string;
  readonly config: Config;
  readonly database: Database;
  readonly logger: Logger;
  readonly pubsub: PubSub;
  readonly jobs: JobQueue;
  readonly mailer: Mailer;
  readonly auth: AuthRuntime;
  /** Uploaded files: local disk or S3, with Obra's signed /files URLs. */
  readonly files: FileStorage;
  /** Prometheus metrics of a serving process (METRICS); undefined in the admin scripts or when off. */
  readonly metrics?: Metrics | undefined;
}
